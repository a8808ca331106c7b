import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { eventStreamStub } from '../test/event-stream-stub.ts';
import { apiError } from '../test/fake-api.ts';
import { aUser, renderSignedIn, signOutTestUser } from '../test/signed-in.tsx';
import ResourceGroupPage from './resource-group-page.tsx';

// Test files share their modules (isolate: false), and other files mock the sign-in module: the
// screens here are imported afresh, signed in for real, and left for the next file to import anew.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

const manager = aUser({
  id: 1,
  username: 'manager',
  systemPermissions: { canManageResources: true, canManageSystemConfiguration: false, canManageUsers: false },
});

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const group = {
  id: 4,
  name: 'Wood shop',
  description: null,
  introductionValidForDays: null,
  introductionExpiresAfterUnusedDays: null,
};

/**
 * Plays the API of group 4 and its live events; the deletion is answered only when the test says
 * so, so that its live event can come first, as it does from a real server.
 */
function serveGroup() {
  const stream = eventStreamStub();
  let answerDeletion: () => void = () => undefined;
  const sent: string[] = [];
  const routes: Record<string, () => Response | Promise<Response>> = {
    'GET /api/users/me': () => json(200, manager),
    'GET /api/resources/events': stream.response,
    'GET /api/resource-groups/4': () => json(200, group),
    'GET /api/resource-groups/4/introducers': () => json(200, []),
    'GET /api/resource-groups/4/introductions': () => json(200, []),
    'GET /api/resources': () => json(200, { data: [], total: 0, page: 1, limit: 10, totalPages: 0 }),
    'DELETE /api/resource-groups/4': () =>
      new Promise((resolve) => {
        answerDeletion = () => resolve(json(200, { message: 'Resource group deleted' }));
      }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      sent.push(call);
      return routes[call]?.() ?? json(404, apiError(404, 'Not Found'));
    }),
  );
  return { sent, stream, answerDeletion: () => answerDeletion() };
}

/** Lets the event stream, the query cache and React catch up. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('resource group page', () => {
  it('asks nothing more about a group once it is deleted, even when its live event comes first', async () => {
    const api = serveGroup();
    const queryClient = renderSignedIn(<ResourceGroupPage />, {
      path: '/resource-groups/4',
      pattern: '/resource-groups/:groupId',
      user: manager,
    });
    await waitFor(() => expect(api.sent).toContain('GET /api/resource-groups/4/introductions'));
    await waitFor(() => expect(api.sent).toContain('GET /api/resource-groups/4/introducers'));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete group' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const deletionIndex = api.sent.indexOf('DELETE /api/resource-groups/4');
    expect(deletionIndex).toBeGreaterThan(-1);
    api.stream.send({
      id: 1,
      type: 'resource-group.deleted',
      v: 1,
      occurredAt: '2026-11-28T10:00:00.000Z',
      data: { groupId: 4, groupName: 'Wood shop', resourceIds: [] },
    });
    await settle();
    api.answerDeletion();

    expect(await screen.findByText('Now at /')).toBeTruthy();
    await settle();
    const afterDeletion = api.sent.slice(deletionIndex + 1);
    expect(afterDeletion.filter((call) => call.includes('/api/resource-groups/4'))).toEqual([]);
    const left = queryClient.getQueryCache().findAll({ queryKey: ['resource-groups', 'detail', 4] });
    expect(left.map((query) => query.queryKey)).toEqual([]);
  });
});
