import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AuthSession } from '@toolpass/contracts';
import { e2eEnvironment } from './environment.ts';
import { linkIn, waitForMail } from './mailbox.ts';

export type Account = { username: string; email: string; password: string };

/** A name no other test uses: sign-in is rate limited per address and username. */
export function uniqueAccount(prefix: string): Account {
  const username = `${prefix}-${randomBytes(4).toString('hex')}`;
  return { username, email: `${username}@example.test`, password: `pw-${randomBytes(6).toString('hex')}` };
}

async function call<T>(path: string, init: { method: string; body?: unknown; token?: string }): Promise<T> {
  const response = await fetch(new URL(path, e2eEnvironment().baseUrl), {
    method: init.method,
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers through the API and follows the activation mail, as a person would. */
export async function createVerifiedAccount(account: Account): Promise<Account & { id: number }> {
  const user = await call<{ id: number }>('/api/users', {
    method: 'POST',
    body: { ...account, strategy: 'local_password' },
  });
  const mail = await waitForMail(account.email, /confirm your email/i);
  const link = linkIn(mail, '/verify-email');
  await call('/api/users/verify-email', {
    method: 'POST',
    body: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });
  return { ...account, id: user.id };
}

export function signInThroughApi(account: Account): Promise<AuthSession> {
  return call<AuthSession>('/api/auth/session/local', {
    method: 'POST',
    body: { username: account.username, password: account.password },
  });
}

/** Starts the page signed in, with the token stored where the app keeps it (local storage "auth"). */
export async function openSignedIn(page: Page, account: Account, path: string): Promise<void> {
  const session = await signInThroughApi(account);
  await page.addInitScript((authToken) => {
    if (!window.localStorage.getItem('auth'))
      window.localStorage.setItem('auth', JSON.stringify({ authToken }));
  }, session.authToken);
  await page.goto(path);
}
