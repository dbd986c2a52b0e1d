import {
  foldersCalls as calls,
  type FileItem,
  FOLDER_MSG,
  type GetItemsReply,
  isBlockedUpload,
  LIST_PAGE_SIZE,
  MSG,
} from '@intranet/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, callUrl, type WebCallInput } from '../../api/call.ts';
import { ApiError } from '../../api/client.ts';

export const foldersKey = ['folders'] as const;

/**
 * A folder's items, or the search results below it when `search` is set, read page by page as the
 * list scrolls (`fetchNextPage`). `data` holds every page read so far.
 */
export function useItems(folderId: number, search: string) {
  return useInfiniteQuery({
    queryKey: [...foldersKey, 'items', folderId, search],
    queryFn: ({ pageParam, signal }) =>
      call(
        calls.items,
        {
          query: {
            selectID: folderId,
            textSearch: search || undefined,
            pageSize: LIST_PAGE_SIZE,
            cursor: pageParam || undefined,
          },
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor,
    select: (data): GetItemsReply => {
      const [first, ...more] = data.pages as [GetItemsReply, ...GetItemsReply[]];
      if (more.length === 0) return first;
      return {
        ...first,
        folders: data.pages.flatMap((p) => p.folders),
        files: data.pages.flatMap((p) => p.files),
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useInvalidateFolders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: foldersKey });
}

export function checkName(parentFolderId: number, folderName: string, type: 'folder' | 'file' = 'folder') {
  return call(calls.checkExistence, { body: { parentFolderId, folderName, type } });
}

/** The first free "Nova pasta…" name in a folder, read afresh each time the dialog opens. */
export function useFreeFolderName(parentFolderId: number, name: string) {
  return useQuery({
    queryKey: [...foldersKey, 'free-name', parentFolderId, name],
    queryFn: () => checkName(parentFolderId, name),
    gcTime: 0,
    retry: false,
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.createFolder>['body']) => call(calls.createFolder, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.folderCreateError, success: FOLDER_MSG.created },
  });
}

/** Renames a folder or a file: each has its own failure message (spec §8 names the folder's). */
export function useRename(kind: 'folder' | 'file') {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ itemId, itemName }: { itemId: number; itemName: string }) =>
      call(kind === 'folder' ? calls.renameFolder : calls.renameFile, { body: { itemId, itemName } }),
    onSuccess: invalidate,
    meta: { error: kind === 'folder' ? MSG.folderRenameError : MSG.fileRenameError },
  });
}

/** What deleting a folder takes with it, read when the person asks to delete it. */
export function useDeleteSummary() {
  return useMutation({
    mutationFn: (id: number) => call(calls.summary, { params: { id } }),
    meta: { error: MSG.folderDeleteError },
  });
}

export function useDropItem() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: { id: number; tipo: string }) => call(calls.dropItem, { body }),
    onSuccess: invalidate,
    meta: { error: MSG.folderDeleteError, success: FOLDER_MSG.deleted },
  });
}

export interface FileUpload {
  folderId: number;
  file: File;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/**
 * Sends one file into a folder with its progress; resolves null when the person cancelled it.
 * A program or script is refused here too, before its bytes leave the browser.
 */
export function useUploadFile() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: async ({ folderId, file, signal, onProgress }: FileUpload) => {
      if (isBlockedUpload(file.name)) throw new ApiError(415, FOLDER_MSG.uploadDangerous);
      try {
        return await call(
          calls.upload,
          { fields: { selectedFolderId: folderId }, files: [file] },
          { signal, onUploadProgress: onProgress },
        );
      } catch (err) {
        if (signal.aborted) return null;
        throw err;
      }
    },
    onSuccess: (reply) => {
      if (reply) void invalidate();
    },
    meta: { error: FOLDER_MSG.uploadError },
  });
}

export function useFolderAccess(folderId: number) {
  return useQuery({
    queryKey: [...foldersKey, 'access', folderId],
    queryFn: ({ signal }) => call(calls.access, { query: { folderId } }, { signal }),
  });
}

export function useSetPermission() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: (body: { itemId: number; privilegio: number; isPrivate: 0 | 1 }) =>
      call(calls.setPermission, { body: { ...body, typeItem: 'folder' } }),
    onSuccess: invalidate,
    meta: { error: FOLDER_MSG.permissionError, success: FOLDER_MSG.permissionSaved },
  });
}

export function useShareUsers(folderId: number, search: string) {
  return useQuery({
    queryKey: [...foldersKey, 'share-users', folderId, search],
    queryFn: ({ signal }) =>
      call(calls.shareUsers, { query: { folderId, search: search || undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShare(folderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, allow }: { userId: number; allow: boolean }) =>
      call(allow ? calls.share : calls.unshare, { body: { folderId, userId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...foldersKey, 'share-users', folderId] }),
    meta: { error: FOLDER_MSG.shareError },
  });
}

export const downloadUrl = (file: FileItem) =>
  callUrl(calls.download, { params: { file_name: file.file_name } });
