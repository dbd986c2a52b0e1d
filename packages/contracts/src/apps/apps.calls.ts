import { endpoint } from '../http/endpoint.ts';
import { IMAGE_FILE } from '../http/image-file.ts';
import {
  appDeletedReply,
  appIdParams,
  appListQuery,
  appListReply,
  appSavedReply,
  appSectorsBody,
  createAppFields,
  updateAppFields,
} from './apps.schemas.ts';

/** The Aplicativos screen: the apps of the user's sectors, managed by administrators (spec §2). */
export const appsCalls = {
  list: endpoint({
    method: 'GET',
    path: '/api/apps',
    summary: "The apps of the user's sectors (all for administrators), searched and paged in SQL.",
    query: appListQuery,
    reply: appListReply,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/apps',
    status: 201,
    summary: 'Adds an app: name, address, setores (JSON list) and an optional icon.',
    multipart: { fields: createAppFields, files: IMAGE_FILE },
    reply: appSavedReply,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/apps/:id',
    summary: 'Edits name, address and icon (removeImage drops it); the sectors have their own call.',
    params: appIdParams,
    multipart: { fields: updateAppFields, files: IMAGE_FILE },
    reply: appSavedReply,
  }),
  setSectors: endpoint({
    method: 'PUT',
    path: '/api/apps/:id/sectors',
    summary: "Replaces the app's sectors as a whole (assign and remove).",
    params: appIdParams,
    body: appSectorsBody,
    reply: appSavedReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/apps/:id',
    params: appIdParams,
    reply: appDeletedReply,
  }),
};
