import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { User } from '@toolpass/contracts';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { setBearerToken } from '../lib/api-client.ts';
import { clearStoredAuth, storeAuth } from '../sign-in/auth-storage.ts';
import { currentUserQueryKey } from '../sign-in/sign-in-api.ts';
import { SignInProvider } from '../sign-in/sign-in-context.tsx';
import { LocationStandIn } from './render-route.tsx';

/** A user with the given permissions (none unless named). */
export function aUser(fields: Partial<User> & Pick<User, 'id' | 'username'>): User {
  return {
    email: `${fields.username}@example.org`,
    externalIdentifier: null,
    isEmailVerified: true,
    systemPermissions: {
      canManageResources: false,
      canManageSystemConfiguration: false,
      canManageUsers: false,
    },
    ...fields,
  };
}

/**
 * Renders `element` at `path` (matched by `pattern`) for `user`, signed in as the app signs in
 * (a stored token, the current user answered by GET /api/users/me, which the test's fake API
 * must answer). Not a mock of the sign-in module: test files share their modules, and a mock in
 * one file would reach the others. Every other address shows "Now at <path>". Call
 * `signOutTestUser` after the test.
 */
export function renderSignedIn(
  element: ReactElement,
  { path, pattern, user }: { path: string; pattern: string; user: User },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  storeAuth({ authToken: 'test-token' });
  queryClient.setQueryData(currentUserQueryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <SignInProvider>
        <Toast.Provider />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pattern} element={element} />
            <Route path="*" element={<LocationStandIn />} />
          </Routes>
        </MemoryRouter>
      </SignInProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

/** Forgets the sign-in of `renderSignedIn`. */
export function signOutTestUser(): void {
  clearStoredAuth();
  setBearerToken(undefined);
}
