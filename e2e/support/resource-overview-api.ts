import type { Resource, UsageSession } from '@toolpass/contracts';
import type { SignedInAccount } from './detail-api.ts';
import { e2eEnvironment } from './environment.ts';

/** Setup for the overview specs that detail-api.ts does not cover: group members and sessions. */
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

export function addResourceToGroup(manager: SignedInAccount, groupId: number, resourceId: number) {
  return post<Resource>(manager, `/api/resource-groups/${groupId}/resources/${resourceId}`);
}

/** Starts a usage session as `account`, the way another device (or a reader) would. */
export function startUsage(account: SignedInAccount, resourceId: number, notes?: string) {
  return post<UsageSession>(
    account,
    `/api/resources/${resourceId}/usage/start`,
    notes === undefined ? {} : { notes },
  );
}

/** Ends `account`'s session on the resource. */
export async function endUsage(account: SignedInAccount, resourceId: number): Promise<void> {
  const response = await fetch(new URL(`/api/resources/${resourceId}/usage/end`, e2eEnvironment().baseUrl), {
    method: 'PUT',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`PUT usage/end answered ${response.status}: ${await response.text()}`);
}
