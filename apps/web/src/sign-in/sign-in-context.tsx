import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthSession, User } from '@toolpass/contracts';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { getBearerToken, onTokenRejected, setBearerToken } from '../lib/api-client.ts';
import {
  AUTH_STORAGE_KEY,
  clearStoredAuth,
  parseAuth,
  readStoredAuth,
  type StoredAuth,
  storeAuth,
} from './auth-storage.ts';
import { currentUserQueryKey, endSignIn, fetchCurrentUser } from './sign-in-api.ts';
import { useSignInRefresh } from './use-sign-in-refresh.ts';

/** Token refresh and current-user poll (spec 01 §4, §9). */
export const SIGN_IN_POLL_INTERVAL_MS = 20 * 60 * 1000;
/** Dispatched on window when someone signs in in this tab. */
export const SIGNED_IN_EVENT = 'toolpass:signed-in';
/** After sign-in every cached answer is fetched again, about a second later (spec 01 §4). */
export const SIGN_IN_REFETCH_DELAY_MS = 1000;

/** What the app knows of who is signed in in this tab, and how to change it. */
type SignInState = {
  /** The signed-in user; undefined for visitors. */
  user: User | undefined;
  /** False until the persisted auth has been checked (the boot screen shows meanwhile). */
  isInitialized: boolean;
  signIn: (auth: AuthSession) => void;
  /** Sign-in with a token alone (single sign-on return); the user is fetched with it. */
  signInWithToken: (auth: StoredAuth) => void;
  signOut: () => Promise<void>;
  /** Why the sign-in screen shows: the server ended the sign-in (not the user's own sign-out). */
  signedOutReason: 'signInEnded' | undefined;
};

const SignInContext = createContext<SignInState | undefined>(undefined);

function initialToken(): string | undefined {
  const stored = readStoredAuth();
  setBearerToken(stored?.authToken);
  return stored?.authToken;
}

export function SignInProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [authToken, setAuthToken] = useState(initialToken);
  const [signedOutReason, setSignedOutReason] = useState<'signInEnded' | undefined>();

  const currentUser = useQuery({
    queryKey: currentUserQueryKey,
    queryFn: fetchCurrentUser,
    enabled: authToken !== undefined,
    refetchInterval: SIGN_IN_POLL_INTERVAL_MS,
  });

  const forget = useCallback(() => {
    // Another tab may have stored a newer token (a refresh revokes the old one); that one stays.
    if (readStoredAuth()?.authToken === getBearerToken()) clearStoredAuth();
    setBearerToken(undefined);
    setAuthToken(undefined);
    setSignedOutReason('signInEnded');
    // Every cached answer belonged to the ended sign-in; the page stays, behind the sign-in screen,
    // and fetches afresh once someone signs in.
    queryClient.clear();
  }, [queryClient]);

  // A token the server no longer accepts (expired, revoked) ends the sign-in in this tab, whichever
  // call hears it first; a newer token another tab stored is taken instead.
  useEffect(
    () =>
      onTokenRejected((token) => {
        if (token !== getBearerToken()) return;
        const stored = readStoredAuth();
        if (stored && stored.authToken !== token) {
          setBearerToken(stored.authToken);
          setAuthToken(stored.authToken);
          void queryClient.invalidateQueries();
          return;
        }
        forget();
      }),
    [forget, queryClient],
  );
  // A refresh in another tab revokes the token this tab holds: take the new one it stored.
  useEffect(() => {
    const adopt = (event: StorageEvent) => {
      if (event.key !== AUTH_STORAGE_KEY) return;
      const stored = parseAuth(event.newValue);
      if (!stored || stored.authToken === getBearerToken()) return;
      setBearerToken(stored.authToken);
      setAuthToken(stored.authToken);
    };
    window.addEventListener('storage', adopt);
    return () => window.removeEventListener('storage', adopt);
  }, []);

  useSignInRefresh(authToken !== undefined && currentUser.isSuccess, SIGN_IN_POLL_INTERVAL_MS, (auth) => {
    storeAuth(auth);
    setBearerToken(auth.authToken);
    setAuthToken(auth.authToken);
    queryClient.setQueryData(currentUserQueryKey, auth.user);
  });

  const signInWithToken = useCallback(
    (auth: StoredAuth) => {
      setSignedOutReason(undefined);
      storeAuth(auth);
      // From now on this member's answers are kept for an offline start (main.tsx loads that code).
      window.dispatchEvent(new Event(SIGNED_IN_EVENT));
      setBearerToken(auth.authToken);
      setAuthToken(auth.authToken);
      window.setTimeout(() => void queryClient.invalidateQueries(), SIGN_IN_REFETCH_DELAY_MS);
    },
    [queryClient],
  );

  const signIn = useCallback(
    (auth: AuthSession) => {
      queryClient.setQueryData(currentUserQueryKey, auth.user);
      signInWithToken(auth);
    },
    [queryClient, signInWithToken],
  );

  const signOut = useCallback(async () => {
    try {
      await endSignIn();
    } catch {
      // The local sign-out happens even when the server cannot be reached.
    }
    clearStoredAuth();
    setBearerToken(undefined);
    // Going to / with a full load drops every cached answer of the signed-in user.
    window.location.assign('/');
  }, []);

  const user = authToken === undefined ? undefined : currentUser.data;
  const isInitialized = authToken === undefined || currentUser.isSuccess || currentUser.isError;
  const value = useMemo(
    () => ({ user, isInitialized, signIn, signInWithToken, signOut, signedOutReason }),
    [user, isInitialized, signIn, signInWithToken, signOut, signedOutReason],
  );
  return <SignInContext value={value}>{children}</SignInContext>;
}

export function useSignIn(): SignInState {
  const signIn = useContext(SignInContext);
  if (!signIn) throw new Error('useSignIn needs a SignInProvider');
  return signIn;
}

/** The signed-in user, for screens that are only reachable when signed in. */
export function useSignedInUser(): User {
  const { user } = useSignIn();
  if (!user) throw new Error('useSignedInUser is only for signed-in screens');
  return user;
}
