import { z } from 'zod';
import '../zod-locale.ts';
import { bodyId, queryId, queryInt } from '../ids.ts';
import { FOLDER_MSG } from './folders.messages.ts';
import { FOLDER_NAME_MSG, folderItemNameProblem, normalizeItemName } from './folders.names.ts';
import { FOLDER_PRIVILEGE } from './folders.policy.ts';

/**
 * A folder or file name: 1–255 characters, no separators or control characters, stored without
 * the trailing dots and spaces Windows would drop.
 */
export const folderItemName = z
  .string({ error: FOLDER_NAME_MSG.required })
  .trim()
  .superRefine((value, ctx) => {
    const problem = folderItemNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeItemName);

export const folderItemKind = z.enum(['folder', 'file'], { error: 'Tipo de item inválido.' });
export type FolderItemKind = z.infer<typeof folderItemKind>;

export const folderItemAbilitiesSchema = z.object({
  options: z.boolean(),
  open: z.boolean(),
  rename: z.boolean(),
  permission: z.boolean(),
  delete: z.boolean(),
  download: z.boolean(),
});

// ---- get-items -------------------------------------------------------------------------------

/** A search in a folder, and the user search of the share dialog. */
export const FOLDER_SEARCH_MAX = 100;
export const FOLDER_SHARE_SEARCH_MAX = 55;

/** Identity fields are accepted for compatibility and ignored: the session decides (decision 0036). */
export const getItemsQuery = z.object({
  userId: z.string().max(20).optional(),
  privilegio: z.string().max(5).optional(),
  setor: z.string().max(500).optional(),
  isSuport: z.string().max(5).optional(),
  textSearch: z
    .string()
    .trim()
    .max(FOLDER_SEARCH_MAX, { error: `A busca deve ter no máximo ${FOLDER_SEARCH_MAX} caracteres.` })
    .optional(),
  selectID: queryId().optional(),
  /**
   * A listing or a search read in pages: at most this many items per answer, folders first, then
   * `cursor` = the previous answer's `nextCursor`. Without either, the whole folder (capped at
   * 5,000 + 5,000) or the first 500 + 500 matches of a search (`truncated` when it cut).
   */
  pageSize: queryInt({ min: 1, max: 500 }).optional(),
  cursor: z.string().max(600).optional(),
});

export const folderItem = z.object({
  id: z.number(),
  name: z.string(),
  user_id: z.number().nullable(),
  file_name: z.null(),
  path: z.null(),
  tipo: z.literal('folder'),
  date: z.string(),
  createdByName: z.string().nullable(),
  parent_id: z.number().nullable(),
  privilegio: z.number(),
  isPrivate: z.number(),
  abilities: folderItemAbilitiesSchema,
  /**
   * Search answers only: the folders between the searched folder and the item ("Contratos ›
   * 2025"), '' when it is right in the searched folder. Listings leave it out.
   */
  location: z.string().optional(),
});
export type FolderItem = z.infer<typeof folderItem>;

export const fileItem = z.object({
  id: z.number(),
  name: z.string(),
  user_id: z.number().nullable(),
  /** The generated stored name; download/{file_name} serves it. */
  file_name: z.string(),
  path: z.string(),
  /** The extension, lower case, without the dot ('' when the name has none). */
  tipo: z.string(),
  date: z.string(),
  createdByName: z.string().nullable(),
  folder_id: z.number(),
  size: z.number(),
  mime: z.string(),
  abilities: folderItemAbilitiesSchema,
  /**
   * Search answers only: the folders between the searched folder and the item ("Contratos ›
   * 2025"), '' when it is right in the searched folder. Listings leave it out.
   */
  location: z.string().optional(),
});
export type FileItem = z.infer<typeof fileItem>;

export const folderTrailEntry = z.object({ id: z.number(), name: z.string() });

export const getItemsReply = z.object({
  folders: z.array(folderItem),
  files: z.array(fileItem),
  /** The folder listed (or searched below), with the way to it from the root. */
  current: z.object({
    id: z.number(),
    name: z.string(),
    trail: z.array(folderTrailEntry),
    canUpload: z.boolean(),
    canCreateFolder: z.boolean(),
  }),
  /** A paged listing or search: the cursor of the next page, while more items follow. */
  nextCursor: z.string().optional(),
  /** True when an unpaged answer was cut (more items than one answer holds). */
  truncated: z.boolean(),
});
export type GetItemsReply = z.infer<typeof getItemsReply>;

// ---- mutations --------------------------------------------------------------------------------

export const createFolderBody = z.object({
  folderName: folderItemName,
  parentFolderId: bodyId(),
  isPrivate: z.union([z.literal(0), z.literal(1)], { error: 'isPrivate deve ser 0 ou 1.' }).default(0),
});
export const createFolderReply = z.object({ lastInsertedId: z.number() });

export const renameItemBody = z.object({ itemId: bodyId(), itemName: folderItemName });

/** tipo 'folder' deletes a folder (and all it holds); any other value (a file's extension) a file. */
export const dropItemBody = z.object({
  id: bodyId(),
  tipo: z.string().max(20),
  userId: z.union([z.number(), z.string()]).optional(),
});

export const checkFolderExistenceBody = z.object({
  parentFolderId: bodyId(),
  folderName: folderItemName,
  type: folderItemKind.default('folder'),
});
export const checkFolderExistenceReply = z.object({ isExist: z.boolean(), availableName: z.string() });

export const folderIdParams = z.object({ id: queryId() });
export const folderSummaryReply = z.object({ folders: z.number(), files: z.number(), bytes: z.number() });

/** selectedFolderId of POST /api/files, a multipart field; without a valid one there is no target. */
export const folderUploadFolderId = queryId(FOLDER_MSG.uploadOutsideFolder);

export const folderUploadReply = z.object({ success: z.literal(true), files: z.array(fileItem) });

// ---- permissions ------------------------------------------------------------------------------

export const accessFolderQuery = z.object({ folderId: queryId(), userId: z.string().max(20).optional() });
export const accessFolderReply = z.array(
  z.object({ folderId: z.number(), privilegio: z.number(), isPrivate: z.number() }),
);

const privilege = z
  .number({ error: 'Permissão inválida (1, 2 ou 3).' })
  .refine((v) => Object.values(FOLDER_PRIVILEGE).includes(v as 1), {
    error: 'Permissão inválida (1, 2 ou 3).',
  });

export const setFolderPermissionBody = z.object({
  itemId: bodyId(),
  privilegio: privilege,
  typeItem: folderItemKind.default('folder'),
  isPrivate: z.union([z.literal(0), z.literal(1)]).optional(),
});

export const folderShareUsersQuery = z.object({
  folderId: queryId(),
  userId: z.string().max(20).optional(),
  /** Name or matrícula, matched anywhere. */
  search: z.string().trim().max(FOLDER_SHARE_SEARCH_MAX).optional(),
});
export const folderShareUser = z.object({
  id: z.number(),
  nome: z.string(),
  matricula: z.string(),
  allow_user: z.number(),
});
export const folderShareUsersReply = z.array(folderShareUser);
export type FolderShareUser = z.infer<typeof folderShareUser>;

export const shareFolderBody = z.object({ folderId: bodyId(), userId: bodyId() });

export const folderDownloadParams = z.object({ file_name: z.string().max(300) });

export const folderOkReply = z.object({ success: z.literal(true), message: z.string().optional() });
