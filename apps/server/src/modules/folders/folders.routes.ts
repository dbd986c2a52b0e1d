import { foldersCalls as calls, FOLDER_MSG, formatFileSize } from '@intranet/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth-guard.ts';
import type { AppContext } from '../../platform/context.ts';
import { formReader } from '../../platform/multipart-form.ts';
import { route } from '../../platform/route.ts';
import { sendStoredFile } from '../../platform/serve-file.ts';
import * as permissions from './folders.permissions.ts';
import * as service from './folders.service.ts';

export async function foldersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, storage } = ctx;
  // The size limit is a server setting (FOLDER_UPLOAD_MAX_MB); the contracts hold its default.
  const maxBytes = ctx.config.folderUploadMaxBytes;
  const uploadSpec = {
    ...calls.upload.multipart,
    files: {
      ...calls.upload.multipart.files,
      maxBytes,
      tooLargeMessage: FOLDER_MSG.uploadTooLarge(formatFileSize(maxBytes)),
    },
  };

  route(app, calls.items, {
    handler: async (request) => service.getItems(db, currentUser(request), request.query),
  });

  route(app, calls.upload, {
    handler: async (request) => {
      const read = formReader(request, storage, uploadSpec, service.FOLDER_STORAGE_PREFIX);
      return {
        success: true as const,
        files: await service.saveUpload(db, storage, currentUser(request), read),
      };
    },
  });

  route(app, calls.createFolder, {
    handler: async (request) => ({
      lastInsertedId: await service.createFolder(db, currentUser(request), request.body),
    }),
  });

  route(app, calls.renameFolder, {
    handler: async (request) => {
      await service.renameFolder(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.renamed };
    },
  });

  route(app, calls.renameFile, {
    handler: async (request) => {
      await service.renameFile(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.renamed };
    },
  });

  route(app, calls.dropItem, {
    handler: async (request) => {
      await service.dropItem(db, storage, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.deleted };
    },
  });

  route(app, calls.summary, {
    handler: async (request) => service.folderSummary(db, currentUser(request), request.params.id),
  });

  route(app, calls.checkExistence, {
    handler: async (request) => service.checkExistence(db, currentUser(request), request.body),
  });

  route(app, calls.access, {
    handler: async (request) => permissions.getAccess(db, currentUser(request), request.query.folderId),
  });

  route(app, calls.setPermission, {
    handler: async (request) => {
      await permissions.setPermission(db, currentUser(request), request.body);
      return { success: true as const, message: FOLDER_MSG.permissionSaved };
    },
  });

  route(app, calls.shareUsers, {
    handler: async (request) =>
      permissions.shareCandidates(db, currentUser(request), request.query.folderId, request.query.search),
  });

  route(app, calls.share, {
    handler: async (request) => {
      await permissions.share(db, currentUser(request), request.body, true);
      return { success: true as const };
    },
  });

  route(app, calls.unshare, {
    handler: async (request) => {
      await permissions.share(db, currentUser(request), request.body, false);
      return { success: true as const };
    },
  });

  // Downloads stream with the display name and byte ranges; HEAD answers the size only.
  route(app, calls.download, {
    handler: async (request, reply) => {
      const file = await service.fileForDownload(db, currentUser(request), request.params.file_name);
      return sendStoredFile(request, reply, storage, {
        key: service.storageKey(file.file_name),
        contentType: file.mime,
        downloadName: file.name,
        notFoundMessage: FOLDER_MSG.fileNotFound,
      });
    },
  });
}
