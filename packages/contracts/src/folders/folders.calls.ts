import { z } from 'zod';
import { endpoint, type FileRule } from '../http/endpoint.ts';
import { FOLDER_MSG } from './folders.messages.ts';
import { formatFileSize } from './folders.names.ts';
import {
  accessFolderQuery,
  accessFolderReply,
  checkFolderExistenceBody,
  checkFolderExistenceReply,
  createFolderBody,
  createFolderReply,
  dropItemBody,
  folderDownloadParams,
  folderIdParams,
  folderOkReply,
  folderShareUsersQuery,
  folderShareUsersReply,
  folderSummaryReply,
  folderUploadFolderId,
  folderUploadReply,
  getItemsQuery,
  getItemsReply,
  renameItemBody,
  setFolderPermissionBody,
  shareFolderBody,
} from './folders.schemas.ts';

/** The default of the server setting FOLDER_UPLOAD_MAX_MB; the server sends its own limit. */
export const FOLDER_UPLOAD_DEFAULT_MAX_BYTES = 2048 * 1024 * 1024;

/**
 * A shared document: any type except programs and scripts (the server refuses them by name and by
 * their bytes). The web sends one per request, for per-file progress and cancel.
 */
export const FOLDER_UPLOAD_FILES: FileRule = {
  field: 'file',
  maxFiles: 20,
  maxBytes: FOLDER_UPLOAD_DEFAULT_MAX_BYTES,
  mimes: 'any',
  invalidTypeMessage: FOLDER_MSG.uploadDangerous,
  tooLargeMessage: FOLDER_MSG.uploadTooLarge(formatFileSize(FOLDER_UPLOAD_DEFAULT_MAX_BYTES)),
};

/** The upload's text fields: the target folder, sent before the files. */
export const folderUploadFields = z.object({ selectedFolderId: folderUploadFolderId });

/** The shared folder explorer /FoldersFiles (spec §2, §5, §6, §7). */
export const foldersCalls = {
  items: endpoint({
    method: 'GET',
    path: '/api/get-items',
    summary: 'The folders and files of a folder (selectID, else the root), or the search below it.',
    query: getItemsQuery,
    reply: getItemsReply,
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/files',
    summary:
      'Sends files into a folder, selectedFolderId before the files; the size limit is the setting FOLDER_UPLOAD_MAX_MB (default below).',
    multipart: { fields: folderUploadFields, early: folderUploadFields, files: FOLDER_UPLOAD_FILES },
    reply: folderUploadReply,
  }),
  createFolder: endpoint({
    method: 'POST',
    path: '/api/create-folder',
    body: createFolderBody,
    reply: createFolderReply,
  }),
  renameFolder: endpoint({
    method: 'POST',
    path: '/api/renameFolder',
    body: renameItemBody,
    reply: folderOkReply,
  }),
  renameFile: endpoint({
    method: 'POST',
    path: '/api/renameFile',
    body: renameItemBody,
    reply: folderOkReply,
  }),
  dropItem: endpoint({
    method: 'DELETE',
    path: '/api/dropItem',
    summary: "Deletes a file, or a folder with all it holds (tipo 'folder').",
    body: dropItemBody,
    reply: folderOkReply,
  }),
  summary: endpoint({
    method: 'GET',
    path: '/api/folders/:id/summary',
    summary: 'What deleting a folder takes with it, counting what the caller sees.',
    params: folderIdParams,
    reply: folderSummaryReply,
  }),
  checkExistence: endpoint({
    method: 'POST',
    path: '/api/check-folder-existence',
    summary: 'Whether a name is taken in a folder, and the first free one ("Nova pasta (2)").',
    body: checkFolderExistenceBody,
    reply: checkFolderExistenceReply,
  }),
  access: endpoint({
    method: 'GET',
    path: '/api/get-accessFolder',
    query: accessFolderQuery,
    reply: accessFolderReply,
  }),
  setPermission: endpoint({
    method: 'POST',
    path: '/api/setPermitionFolder',
    body: setFolderPermissionBody,
    reply: folderOkReply,
  }),
  shareUsers: endpoint({
    method: 'GET',
    path: '/api/getUsers',
    summary: 'The users a folder may be shared with, and whether it is (allow_user).',
    query: folderShareUsersQuery,
    reply: folderShareUsersReply,
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/shareFolder',
    body: shareFolderBody,
    reply: folderOkReply,
  }),
  unshare: endpoint({
    method: 'POST',
    path: '/api/noShareFolder',
    body: shareFolderBody,
    reply: folderOkReply,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/download/:file_name',
    summary: 'A file under its display name, with byte ranges (cookie session allowed).',
    cookieAuth: true,
    params: folderDownloadParams,
  }),
};
