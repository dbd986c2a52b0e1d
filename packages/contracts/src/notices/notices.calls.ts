import { endpoint } from '../http/endpoint.ts';
import { IMAGE_FILE } from '../http/image-file.ts';
import {
  bannerAltFields,
  bannerList,
  bannerSavedReply,
  deleteBannerBody,
  deletedReply,
  deleteNoticeBody,
  editNoticeFields,
  insertNoticeFields,
  noticeIdParams,
  noticeList,
  noticePage,
  noticePageQuery,
  noticeSavedReply,
} from './notices.schemas.ts';

/** Notices and banners of the home page, and their Inserir Avisos screen (spec §2, §7). */
export const noticesCalls = {
  list: endpoint({
    method: 'GET',
    path: '/api/get-infoText',
    summary: 'The notices of the home page; 404 when there are none (spec §7).',
    reply: noticeList,
  }),
  page: endpoint({
    method: 'GET',
    path: '/api/notices',
    summary: 'Every notice, newest first, a page at a time (keyset cursor): the Avisos screen.',
    query: noticePageQuery,
    reply: noticePage,
  }),
  insert: endpoint({
    method: 'POST',
    path: '/api/insert-Text',
    status: 201,
    summary: 'Inserts a notice (spec §7): multipart text, position, setor, userName and an optional image.',
    multipart: { fields: insertNoticeFields, files: IMAGE_FILE },
    reply: noticeSavedReply,
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/api/notices/:id',
    summary: 'Edits a notice: text, position, an optional new image, or removeImage to drop it.',
    params: noticeIdParams,
    multipart: { fields: editNoticeFields, files: IMAGE_FILE },
    reply: noticeSavedReply,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/deleteInfo',
    body: deleteNoticeBody,
    reply: deletedReply,
  }),
  banners: endpoint({
    method: 'GET',
    path: '/api/attach-banner',
    summary: 'The banners of the home slider.',
    reply: bannerList,
  }),
  insertBanner: endpoint({
    method: 'POST',
    path: '/api/attach-banner',
    status: 201,
    summary: 'Sends a banner: its image, and an alt text (else the file name).',
    multipart: { fields: bannerAltFields, files: IMAGE_FILE },
    reply: bannerSavedReply,
  }),
  removeBanner: endpoint({
    method: 'DELETE',
    path: '/api/attach-banner',
    body: deleteBannerBody,
    reply: deletedReply,
  }),
};
