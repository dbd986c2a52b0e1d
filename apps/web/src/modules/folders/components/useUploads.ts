import { FOLDER_MSG } from '@intranet/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import type { UploadRow } from '../../../ui/UploadProgressList.tsx';
import { useUploadFile } from '../folders.api.ts';

/** Finished rows stay this long so the person sees 100 %. */
const DONE_LINGER_MS = 4000;

/** Sends each file in its own request (its own progress bar and cancel), into one folder. */
export function useUploads() {
  const [rows, setRows] = useState<UploadRow[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const { mutateAsync: uploadFile } = useUploadFile();

  useEffect(() => {
    const current = controllers.current;
    return () => {
      for (const c of current.values()) c.abort();
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<UploadRow>) => {
    setRows((list) => list.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  }, []);
  const remove = useCallback((id: string) => setRows((list) => list.filter((r) => r.id !== id)), []);

  const start = useCallback(
    (folderId: number, files: File[]) => {
      for (const file of files) {
        const id = crypto.randomUUID();
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setRows((list) => [...list, { id, name: file.name, progress: 0, status: 'sending' }]);
        uploadFile({
          folderId,
          file,
          signal: controller.signal,
          onProgress: (progress) => update(id, { progress }),
        })
          .then((reply) => {
            if (!reply) {
              remove(id);
              return;
            }
            update(id, { status: 'done', progress: 1 });
            setTimeout(() => remove(id), DONE_LINGER_MS);
          })
          // The toast comes from the mutation (meta); the row keeps the reason a while.
          .catch((err: unknown) => {
            update(id, { status: 'failed', error: errorMessage(err, FOLDER_MSG.uploadError) });
            setTimeout(() => remove(id), DONE_LINGER_MS * 2);
          })
          .finally(() => controllers.current.delete(id));
      }
    },
    [uploadFile, remove, update],
  );

  const cancel = useCallback((id: string) => controllers.current.get(id)?.abort(), []);

  return { rows, start, cancel };
}
