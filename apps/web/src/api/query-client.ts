import { LIMITS, MSG } from '@intranet/contracts';
import { notifications } from '@mantine/notifications';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { errorMessage } from './client.ts';

/**
 * What a mutation tells the user, declared on the mutation (`meta`) instead of a toast written by
 * hand at each call site: failures show the server's Portuguese message (spec §8), else `error`.
 */
export type MutationFeedback = {
  /** Fallback text (and title) of the red toast; false when the screen shows the error itself. */
  error: string | false;
  /** Green toast on success: a fixed text, or one taken from the answer (e.g. its `message`). */
  success?: string | ((data: unknown) => string | undefined);
  /** Toast duration (the tickets panel uses 3 s, spec §2). */
  autoClose?: number;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationFeedback;
  }
}

export const successMessage = (data: unknown): string | undefined => {
  const message = (data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    mutationCache: new MutationCache({
      onSuccess: (data, _vars, _ctx, mutation) => {
        const success = mutation.meta?.success;
        const message = typeof success === 'function' ? success(data) : success;
        if (message) {
          notifications.show({
            color: 'green',
            message,
            autoClose: mutation.meta?.autoClose ?? LIMITS.toastMs,
          });
        }
      },
      onError: (err, _vars, _ctx, mutation) => {
        const fallback = mutation.meta?.error ?? MSG.requestNotSent;
        if (fallback === false) return;
        const message = errorMessage(err, fallback);
        notifications.show({
          color: 'red',
          title: message === fallback ? undefined : fallback,
          message,
          autoClose: mutation.meta?.autoClose ?? LIMITS.toastMs,
        });
      },
    }),
  });
}
