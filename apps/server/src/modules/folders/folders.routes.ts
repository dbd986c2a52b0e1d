import {
  accessFolderQuery,
  accessFolderReply,
  checkFolderExistenceBody,
  checkFolderExistenceReply,
  createFolderBody,
  createFolderReply,
  dropItemBody,
  FOLDER_MSG,
  folderDownloadParams,
  folderOkReply,
  folderShareUsersQuery,
  folderShareUsersReply,
  folderSummaryReply,
  folderUploadReply,
  formatFileSize,
  getItemsQuery,
  getItemsReply,
  isBlockedUpload,
  recordId,
  renameItemBody,
  setFolderPermissionBody,
  shareFolderBody,
} from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import { receiveMultipart } from '../../platform/uploads.ts';
import * as service from './folders.service.ts';

/** Files per upload request; the web app sends one per request, for per-file progress and cancel. */
const MAX_FILES_PER_REQUEST = 20;

export async function foldersRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = ctx;
  const maxBytes = ctx.config.folderUploadMaxBytes;

  app.get('/api/get-items', {
    schema: { querystring: getItemsQuery, response: { 200: getItemsReply } },
    handler: async (request) =>
      service.getItems(db, currentUser(request), {
        selectID: request.query.selectID,
        textSearch: request.query.textSearch,
      }),
  });

  app.post('/api/files', {
    schema: { response: { 200: folderUploadReply } },
    handler: async (request) => {
      const user = currentUser(request);
      const form = await receiveMultipart(request, storage, {
        prefix: service.FOLDER_STORAGE_PREFIX,
        maxBytes,
        maxFiles: MAX_FILES_PER_REQUEST,
        allowedMimes: 'any',
        invalidTypeMessage: FOLDER_MSG.uploadDangerous,
        tooLargeMessage: FOLDER_MSG.uploadTooLarge(formatFileSize(maxBytes)),
        refuse: (f) => (isBlockedUpload(f.originalName, f.mime) ? FOLDER_MSG.uploadDangerous : undefined),
        // Send selectedFolderId before the files: a refused target then costs no upload.
        beforeFile: async (fields) => {
          if (fields.selectedFolderId === undefined) return;
          const folderId = Number(fields.selectedFolderId);
          if (!Number.isInteger(folderId) || folderId <= 0) return;
          await service.assertUploadTarget(db, user, folderId);
        },
      });
      return { success: true as const, files: await service.saveUpload(db, user, form) };
    },
  });

  app.post('/api/create-folder', {
    schema: { body: createFolderBody, response: { 200: createFolderReply } },
    handler: async (request) => ({
      lastInsertedId: await service.createFolder(db, currentUser(request), request.body),
    }),
  });

  app.post('/api/renameFolder', {
    schema: { body: renameItemBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.renameFolder(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.renamed };
    },
  });

  app.post('/api/renameFile', {
    schema: { body: renameItemBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.renameFile(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.renamed };
    },
  });

  app.delete('/api/dropItem', {
    schema: { body: dropItemBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.dropItem(db, storage, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.deleted };
    },
  });

  // What a folder deletion takes with it, for the confirmation (not in spec §7: plain REST name).
  app.get('/api/folders/:id/summary', {
    schema: {
      params: z.object({ id: recordId() }),
      response: { 200: folderSummaryReply },
    },
    handler: async (request) => service.folderSummary(db, currentUser(request), request.params.id),
  });

  app.post('/api/check-folder-existence', {
    schema: { body: checkFolderExistenceBody, response: { 200: checkFolderExistenceReply } },
    handler: async (request) => service.checkExistence(db, currentUser(request), request.body),
  });

  app.get('/api/get-accessFolder', {
    schema: { querystring: accessFolderQuery, response: { 200: accessFolderReply } },
    handler: async (request) => service.getAccess(db, currentUser(request), request.query.folderId),
  });

  app.post('/api/setPermitionFolder', {
    schema: { body: setFolderPermissionBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.setPermission(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.permissionSaved };
    },
  });

  app.get('/api/getUsers', {
    schema: { querystring: folderShareUsersQuery, response: { 200: folderShareUsersReply } },
    handler: async (request) =>
      service.shareCandidates(db, currentUser(request), request.query.folderId, request.query.search),
  });

  app.post('/api/shareFolder', {
    schema: { body: shareFolderBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.share(db, currentUser(request), request.body, true);
      return { success: true as const };
    },
  });

  app.post('/api/noShareFolder', {
    schema: { body: shareFolderBody, response: { 200: folderOkReply } },
    handler: async (request) => {
      await service.share(db, currentUser(request), request.body, false);
      return { success: true as const };
    },
  });

  // Downloads stream with the display name and byte ranges; HEAD answers the size only.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/download/:file_name',
    config: { cookieAuth: true },
    schema: { params: folderDownloadParams },
    handler: async (request, reply) => {
      const { file_name } = request.params as { file_name: string };
      const file = await service.fileForDownload(db, currentUser(request), file_name);
      return sendStoredFile(request, reply, storage, {
        key: service.storageKey(file.file_name),
        contentType: file.mime,
        downloadName: file.name,
        notFoundMessage: FOLDER_MSG.fileNotFound,
      });
    },
  });
}
