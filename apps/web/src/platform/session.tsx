import type { LoginBody, SessionData } from '@intranet/contracts';
import { SESSION_DATA_PATH } from '@intranet/contracts/auth/auth.paths';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { call } from '../api/call.ts';
import { api, onUnauthorized, tokenStore } from '../api/client.ts';

/**
 * The session calls, fetched with their zod schemas when first used (with the first keystroke's
 * schema, or the session check of a signed-in visit): the sign-in page itself carries no zod
 * (decision 0016).
 */
const sessionCalls = () => import('@intranet/contracts/auth/auth.calls').then((m) => m.authCalls);

interface SessionState {
  token: string | null;
  /** The session user and the screens he may open (the menus show only those). */
  user: SessionData | undefined;
  isLoading: boolean;
  /**
   * The session was ended here on purpose (Sair, inactivity): the next sign-in starts at the home
   * instead of returning to the page the user was on.
   */
  signedOut: boolean;
  login(body: LoginBody): Promise<void>;
  logout(): Promise<void>;
  /**
   * Ends every session of the user, on every device, and his calendar link. Unlike Sair, a failure
   * is thrown (the other devices would stay signed in) and this session stays.
   */
  logoutEverywhere(): Promise<void>;
  /** Reloads the session fields (after accepting the policy, changing the photo…). */
  refresh(): Promise<void>;
}

/**
 * A visit that starts signed in asks for its session as the first script runs, while the schemas'
 * chunk and the page's code are still on their way (decision 0113; bench:web, every page's cold and
 * warm rows): the first check takes this answer, later ones go through the session call.
 */
let firstCheck: Promise<SessionData> | undefined = tokenStore.get()
  ? api<SessionData>('GET', SESSION_DATA_PATH.replace(/^\/api\//, ''))
  : undefined;
firstCheck?.catch(() => undefined);

async function checkSession(signal: AbortSignal): Promise<SessionData> {
  const early = firstCheck;
  firstCheck = undefined;
  return early ?? call((await sessionCalls()).sessionData, {}, { signal });
}

const SessionContext = createContext<SessionState | null>(null);
export const SESSION_KEY = ['session'] as const;

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => tokenStore.get());
  const [signedOut, setSignedOut] = useState(false);

  const clear = useCallback(() => {
    tokenStore.clear();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => onUnauthorized(clear), [clear]);

  const query = useQuery({
    queryKey: [...SESSION_KEY, token],
    queryFn: ({ signal }) => checkSession(signal),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });

  // A session check failure logs the user out (spec §8).
  useEffect(() => {
    if (query.isError) clear();
  }, [query.isError, clear]);

  const value = useMemo<SessionState>(
    () => ({
      token,
      user: query.data,
      isLoading: token !== null && query.isPending,
      signedOut,
      async login(body) {
        const res = await call((await sessionCalls()).login, { body }, { anonymous: true });
        tokenStore.set(res.token);
        setSignedOut(false);
        setToken(res.token);
      },
      async logout() {
        try {
          await call((await sessionCalls()).logout, {});
        } catch {
          // The session may already be gone on the server; the local one ends anyway.
        }
        setSignedOut(true);
        clear();
      },
      async logoutEverywhere() {
        await call((await sessionCalls()).logoutEverywhere, {});
        setSignedOut(true);
        clear();
      },
      async refresh() {
        await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      },
    }),
    [token, signedOut, query.data, query.isPending, clear, queryClient],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** The signed-in user, inside routes that the guards protect. */
export function useUser(): SessionData {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside an authenticated route');
  return user;
}
