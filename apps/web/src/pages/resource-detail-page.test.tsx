import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { eventStreamStub } from '../test/event-stream-stub.ts';
import { apiError } from '../test/fake-api.ts';
import { aResource } from '../test/resource-fixture.ts';
import { aUser, renderSignedIn, signOutTestUser } from '../test/signed-in.tsx';
import ResourceDetailPage from './resource-detail-page.tsx';

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

/**
 * Plays the API of resource 7 and its live events; the deletion is answered only when the test
 * says so, so that its live event can come first, as it does from a real server.
 */
function serveResource() {
  const stream = eventStreamStub();
  let answerDeletion: () => void = () => undefined;
  const sent: string[] = [];
  const routes: Record<string, () => Response | Promise<Response>> = {
    'GET /api/users/me': () => json(200, manager),
    'GET /api/resources/events': stream.response,
    'GET /api/resources/7': () => json(200, aResource({ id: 7, name: 'Lathe' })),
    'GET /api/resources/7/usage/active': () => json(200, { usage: null }),
    'GET /api/resources/7/usage/can-control': () => json(200, { canControl: true }),
    'GET /api/resources/7/usage/history': () =>
      json(200, { data: [], total: 0, page: 1, limit: 5, totalPages: 0 }),
    'GET /api/resources/7/introducers': () => json(200, []),
    'GET /api/resources/7/introductions': () => json(200, []),
    'GET /api/resources/7/out-of-order/history': () => json(200, []),
    'GET /api/resources/7/introducers/1/is-introducer': () => json(200, { isIntroducer: false }),
    'GET /api/resource-groups': () => json(200, []),
    'DELETE /api/resources/7': () =>
      new Promise((resolve) => {
        answerDeletion = () => resolve(json(200, { message: 'Resource deleted' }));
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

describe('resource detail page', () => {
  it('asks nothing more about a resource once it is deleted, even when its live event comes first', async () => {
    const api = serveResource();
    const queryClient = renderSignedIn(<ResourceDetailPage />, {
      path: '/resources/7',
      pattern: '/resources/:id',
      user: manager,
    });
    expect(await screen.findByText('Nobody has been introduced yet.')).toBeTruthy();
    await waitFor(() => expect(api.sent).toContain('GET /api/resources/7/out-of-order/history'));

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    const deletionIndex = api.sent.indexOf('DELETE /api/resources/7');
    expect(deletionIndex).toBeGreaterThan(-1);
    api.stream.send({
      id: 1,
      type: 'resource.deleted',
      v: 1,
      occurredAt: '2026-11-28T10:00:00.000Z',
      data: { resourceId: 7, resourceName: 'Lathe' },
    });
    await settle();
    api.answerDeletion();

    expect(await screen.findByText('Now at /resources')).toBeTruthy();
    expect(await screen.findByText('Resource deleted')).toBeTruthy();
    await settle();
    const afterDeletion = api.sent.slice(deletionIndex + 1);
    expect(afterDeletion.filter((call) => call.includes('/api/resources/7'))).toEqual([]);
    const left = queryClient.getQueryCache().findAll({ queryKey: ['resources', 'detail', 7] });
    expect(left.map((query) => query.queryKey)).toEqual([]);
  });
});
