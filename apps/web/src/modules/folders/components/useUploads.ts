import { FOLDER_MSG, isBlockedUpload } from '@intranet/contracts';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  UPLOAD_CANCELLED,
  type UploadHandle,
  uploadWithProgress,
} from '../../../api/upload-with-progress.ts';
import type { UploadRow } from '../../../ui/UploadProgressList.tsx';
import { useInvalidateFolders } from '../folders.api.ts';

/** Finished rows stay this long so the person sees 100 %. */
const DONE_LINGER_MS = 4000;

/** Sends each file in its own request (its own progress bar and cancel), into one folder. */
export function useUploads() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const handles = useRef(new Map<string, UploadHandle<unknown>>());
  const invalidate = useInvalidateFolders();

  useEffect(() => {
    const current = handles.current;
    return () => {
      for (const h of current.values()) h.cancel();
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<UploadRow>) => {
    setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  }, []);
  const remove = useCallback((id: string) => setRows((list) => list.filter((r) => r.id !== id)), []);

  const start = useCallback(
    (folderId: number, files: File[]) => {
      for (const file of files) {
        if (isBlockedUpload(file.name)) {
          notifications.show({
            color: 'red',
            title: FOLDER_MSG.uploadError,
            message: `${file.name}: ${FOLDER_MSG.uploadDangerous}`,
          });
          continue;
        }
        const id = crypto.randomUUID();
        const form = new FormData();
        // The folder first: the server refuses a wrong target before receiving the bytes.
        form.append('selectedFolderId', String(folderId));
        form.append('file', file, file.name);
        setRows((list) => [...list, { id, name: file.name, progress: 0, status: 'sending' }]);
        const handle = uploadWithProgress<unknown>('POST', 'files', form, (progress) =>
          update(id, { progress }),
        );
        handles.current.set(id, handle);
        handle.done
          .then(() => {
            update(id, { status: 'done', progress: 1 });
            void invalidate();
            setTimeout(() => remove(id), DONE_LINGER_MS);
          })
          .catch((err: Error) => {
            if (err.message === UPLOAD_CANCELLED) {
              remove(id);
              return;
            }
            update(id, { status: 'failed', error: err.message });
            notifications.show({
              color: 'red',
              title: FOLDER_MSG.uploadError,
              message: `${file.name}: ${err.message}`,
            });
            setTimeout(() => remove(id), DONE_LINGER_MS * 2);
          })
          .finally(() => handles.current.delete(id));
      }
    },
    [invalidate, remove, update],
  );

  const cancel = useCallback((id: string) => handles.current.get(id)?.cancel(), []);

  return { rows, start, cancel };
}
