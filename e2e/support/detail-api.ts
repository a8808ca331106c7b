import type { Paged, Resource, ResourceGroup, UsageSession } from '@toolpass/contracts';
import sharp from 'sharp';
import { type Account, createVerifiedAccount, signInThroughApi, uniqueAccount } from './accounts.ts';
import { e2eEnvironment } from './environment.ts';

/**
 * Setup and checks through the API for the resource detail specs: the steps other specs cover in
 * the browser (permissions, introducers, introductions) and counts the page cannot show exactly.
 */
async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, e2eEnvironment().baseUrl), {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export type SignedInAccount = Account & { id: number; token: string };

async function signedIn(account: Account & { id: number }): Promise<SignedInAccount> {
  return { ...account, token: (await signInThroughApi(account)).authToken };
}

/** A new verified member, signed in through the API. */
export async function createMember(prefix: string): Promise<SignedInAccount> {
  return signedIn(await createVerifiedAccount(uniqueAccount(prefix)));
}

let administratorToken: Promise<string> | undefined;

/**
 * The administrator signs in once per test process: the server allows ten sign-ins of one account
 * from one address per five minutes, and many tests need the administrator.
 */
function administrator(): Promise<string> {
  administratorToken ??= signInThroughApi(e2eEnvironment().admin).then((session) => session.authToken);
  return administratorToken;
}

/** A new member whom the administrator has given "Manage resources". */
export async function createResourceManager(prefix: string): Promise<SignedInAccount> {
  const manager = await createMember(prefix);
  await call(await administrator(), 'PATCH', `/api/users/${manager.id}/permissions`, {
    canManageResources: true,
    canManageSystemConfiguration: false,
    canManageUsers: false,
  });
  return manager;
}

/** A new member whom the administrator has given "Manage system configuration". */
export async function createSystemAdministrator(prefix: string): Promise<SignedInAccount> {
  const administratorAccount = await createMember(prefix);
  await call(await administrator(), 'PATCH', `/api/users/${administratorAccount.id}/permissions`, {
    canManageResources: false,
    canManageSystemConfiguration: true,
    canManageUsers: false,
  });
  return administratorAccount;
}

/** A new member who looks after both the resources and the system configuration (readers). */
export async function createResourceAndSystemManager(prefix: string): Promise<SignedInAccount> {
  const account = await createMember(prefix);
  await call(await administrator(), 'PATCH', `/api/users/${account.id}/permissions`, {
    canManageResources: true,
    canManageSystemConfiguration: true,
    canManageUsers: false,
  });
  return account;
}

/** A new member with every permission: resources, system configuration and users. */
export async function createAllRoundManager(prefix: string): Promise<SignedInAccount> {
  const account = await createMember(prefix);
  await call(await administrator(), 'PATCH', `/api/users/${account.id}/permissions`, {
    canManageResources: true,
    canManageSystemConfiguration: true,
    canManageUsers: true,
  });
  return account;
}

/** Approves the reader that shows `code`, as the pairing dialog does. */
export function pairReader(account: SignedInAccount, name: string, code: string): Promise<{ id: number }> {
  return call<{ id: number }>(account.token, 'POST', '/api/fabreader/readers/pair', { name, code });
}

/** A resource created through the API (the form itself is tested in the browser). */
export async function createResource(
  manager: SignedInAccount,
  fields: { name: string; allowTakeOver?: boolean },
): Promise<Resource> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('allowTakeOver', String(fields.allowTakeOver ?? false));
  const response = await fetch(new URL('/api/resources', e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${manager.token}` },
    body: form,
  });
  if (!response.ok)
    throw new Error(`POST /api/resources answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Resource;
}

export function createGroup(manager: SignedInAccount, name: string): Promise<ResourceGroup> {
  return call<ResourceGroup>(manager.token, 'POST', '/api/resource-groups', { name });
}

export function makeIntroducer(manager: SignedInAccount, resourceId: number, userId: number) {
  return call(manager.token, 'POST', `/api/resources/${resourceId}/introducers/${userId}/grant`);
}

export function grantIntroduction(introducer: SignedInAccount, resourceId: number, userId: number) {
  return call(introducer.token, 'POST', `/api/resources/${resourceId}/introductions/${userId}/grant`, {
    comment: 'Introduced in the workshop',
  });
}

/** Every session of the resource, as a manager sees the history. */
export async function usageHistory(manager: SignedInAccount, resourceId: number): Promise<UsageSession[]> {
  const page = await call<Paged<UsageSession>>(
    manager.token,
    'GET',
    `/api/resources/${resourceId}/usage/history?page=1&limit=100`,
  );
  return page.data;
}

/** A small real PNG for the image upload. */
export async function samplePng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6fde' } })
    .png()
    .toBuffer();
}
