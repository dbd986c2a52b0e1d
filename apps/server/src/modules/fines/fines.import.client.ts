import type { FineImportJob, FineImportReading } from '@intranet/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { fileForm, xlsxBuffer } from '../../../test/xlsx-buffer.ts';

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A test's fines import as the web drives it: upload, poll the reading, commit, poll the job. */
export function importClient(on: Inject) {
  /** Polls `url` until its state is no longer `running`. */
  const until = async <T extends { state: string }>(url: string, running: string): Promise<T> => {
    for (;;) {
      const res = await on({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<T>();
      if (body.state !== running) return body;
      await pause();
    }
  };
  return {
    /** Uploads a sheet of these rows (the first is the header) and waits for its preview: the import id. */
    async previewed(rows: readonly (readonly unknown[])[]): Promise<string> {
      const res = await on({
        method: 'POST',
        url: '/api/fines/import',
        payload: fileForm(await xlsxBuffer(rows), 'multas.xlsx'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { importId } = res.json<FineImportReading>();
      const read = await until<FineImportReading>(`/api/fines/import/${importId}/preview`, 'reading');
      expect(read.state, read.message).toBe('ready');
      return importId;
    },
    commit: (id: string) => on({ method: 'POST', url: `/api/fines/import/${id}/commit` }),
    /** Follows a committed import until it is done or failed. */
    settled: (id: string) => until<FineImportJob>(`/api/fines/import/${id}`, 'running'),
  };
}
