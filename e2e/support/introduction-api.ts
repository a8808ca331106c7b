import type { ResourceGroup } from '@toolpass/contracts';
import type { SignedInAccount } from './detail-api.ts';
import { e2eEnvironment } from './environment.ts';

/** Setup for the introduction specs that detail-api.ts does not cover: groups and their introducers. */
async function post<T>(account: SignedInAccount, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function createGroup(manager: SignedInAccount, name: string): Promise<ResourceGroup> {
  return post<ResourceGroup>(manager, '/api/resource-groups', { name });
}

export function makeGroupIntroducer(manager: SignedInAccount, groupId: number, userId: number) {
  return post(manager, `/api/resource-groups/${groupId}/introducers/${userId}/grant`);
}
