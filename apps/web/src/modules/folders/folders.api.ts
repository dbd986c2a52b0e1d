import type { FileItem, FolderShareUser, GetItemsReply } from '@intranet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export const foldersKey = ['folders'] as const;

/** A folder's items, or the search results below it when `search` is set. */
export function useItems(folderId: number, search: string) {
  return useQuery({
    queryKey: [...foldersKey, 'items', folderId, search],
    queryFn: ({ signal }) =>
      api<GetItemsReply>(
        'GET',
        'get-items',
        { selectID: folderId, textSearch: search || undefined },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useInvalidateFolders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: foldersKey });
}

export function checkName(parentFolderId: number, folderName: string, type: 'folder' | 'file' = 'folder') {
  return api<{ isExist: boolean; availableName: string }>('POST', 'check-folder-existence', {
    parentFolderId,
    folderName,
    type,
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: { folderName: string; parentFolderId: number; isPrivate: 0 | 1 }) =>
      api<{ lastInsertedId: number }>('POST', 'create-folder', body),
    onSuccess: invalidate,
  });
}

export function useRename() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ kind, itemId, itemName }: { kind: 'folder' | 'file'; itemId: number; itemName: string }) =>
      api('POST', kind === 'folder' ? 'renameFolder' : 'renameFile', { itemId, itemName }),
    onSuccess: invalidate,
  });
}

export function useDropItem() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: { id: number; tipo: string }) => api('DELETE', 'dropItem', body),
    onSuccess: invalidate,
  });
}

export function folderSummary(id: number) {
  return api<{ folders: number; files: number; bytes: number }>('GET', `folders/${id}/summary`);
}

export function useFolderAccess(folderId: number) {
  return useQuery({
    queryKey: [...foldersKey, 'access', folderId],
    queryFn: ({ signal }) =>
      api<{ folderId: number; privilegio: number; isPrivate: number }[]>(
        'GET',
        'get-accessFolder',
        { folderId },
        { signal },
      ),
  });
}

export function useSetPermission() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: { itemId: number; privilegio: number; isPrivate: 0 | 1 }) =>
      api('POST', 'setPermitionFolder', { ...body, typeItem: 'folder' }),
    onSuccess: invalidate,
  });
}

export function useShareUsers(folderId: number, search: string) {
  return useQuery({
    queryKey: [...foldersKey, 'share-users', folderId, search],
    queryFn: ({ signal }) =>
      api<FolderShareUser[]>('GET', 'getUsers', { folderId, search: search || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShare(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, allow }: { userId: number; allow: boolean }) =>
      api('POST', allow ? 'shareFolder' : 'noShareFolder', { folderId, userId }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...foldersKey, 'share-users', folderId] }),
  });
}

export const downloadUrl = (file: FileItem) => `/api/${file.path}`;
