import type { Generated } from 'kysely';

/** Operation attachments (OT) and their unfinished resumable uploads. */

export interface OperationAttachmentsTable {
  id: Generated<number>;
  ot: string;
  slot: number;
  file_name: string;
  original_name: string;
  mime: string;
  size: number;
  user_id: number | null;
  created_at: string;
}

/** An unfinished resumable upload, held against its owner's quota (migration 0032). */
export interface OperationUploadsTable {
  /** The tus upload id. */
  id: string;
  user_id: number;
  /** The declared Upload-Length. */
  size: number;
  created_at: string;
}
