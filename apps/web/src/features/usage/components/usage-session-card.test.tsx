import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Introducer, Resource, UsageSession, User } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aResource } from '../../../test/resource-fixture.ts';
import { useUsageCommands } from '../hooks/use-usage-commands.ts';
import { UsageSessionCard } from './usage-session-card.tsx';

const viewer: User = {
  id: 7,
  username: 'viewer',
  email: 'viewer@example.test',
  externalIdentifier: null,
  isEmailVerified: true,
  systemPermissions: {
    canManageResources: false,
    canManageSystemConfiguration: false,
    canManageUsers: false,
  },
};

vi.mock('../../../sign-in/sign-in-context.tsx', () => ({ useSignedInUser: () => viewer }));

afterEach(() => {
  vi.unstubAllGlobals();
  viewer.systemPermissions.canManageResources = false;
});

const bodyOf = (fetch: ReturnType<typeof serve>, path: string) =>
  JSON.parse(String(fetch.mock.calls.find(([called]) => called === path)?.[1]?.body));

const resource = aResource({
  id: 3,
  name: 'Laser cutter',
  allowTakeOver: true,
  groups: [{ id: 4, name: 'Wood shop' }],
});

const sessionOf = (userId: number, username: string, startTime = new Date().toISOString()): UsageSession => ({
  id: 1,
  resourceId: resource.id,
  userId,
  user: { id: userId, username },
  startTime,
  endTime: null,
  usageInMinutes: -1,
  startNotes: null,
  endNotes: null,
  endedBy: null,
});

const introducer = (userId: number, username: string): Introducer => ({
  id: userId * 10,
  userId,
  user: { id: userId, username },
});

type Server = {
  usage: UsageSession | null;
  canControl: boolean;
  introducers?: Introducer[];
  groupIntroducers?: Introducer[];
};

/** Answers the card's calls from `server`, the way the API would. */
function serve(server: Server) {
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const routes: Record<string, unknown> = {
      'GET /api/resources/3/usage/active': { usage: server.usage },
      'GET /api/resources/3/usage/can-control': { canControl: server.canControl },
      'GET /api/resources/3/introducers': server.introducers ?? [],
      'GET /api/resource-groups/4/introducers': server.groupIntroducers ?? [],
      'POST /api/resources/3/usage/start': sessionOf(viewer.id, viewer.username),
      'PUT /api/resources/3/usage/end': sessionOf(viewer.id, viewer.username),
    };
    const body = routes[`${init?.method ?? 'GET'} ${path}`];
    return body === undefined ? new Response('', { status: 404 }) : new Response(JSON.stringify(body));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function CardWithCommands({ shown }: { shown: Resource }) {
  return <UsageSessionCard resource={shown} commands={useUsageCommands(shown.id)} />;
}

function renderCard(shown: Resource = resource) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <CardWithCommands shown={shown} />
    </QueryClientProvider>,
  );
}

describe('UsageSessionCard', () => {
  it("counts the viewer's own session up every second", async () => {
    const startedAMinuteAgo = new Date(Date.now() - 61_000).toISOString();
    serve({ usage: sessionOf(viewer.id, viewer.username, startedAMinuteAgo), canControl: true });
    renderCard();

    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^00:01:0\d$/);
    const firstReading = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(firstReading), { timeout: 2_000 });
    expect(screen.getByRole('button', { name: 'End Session' })).toBeTruthy();
  });

  it('ends the own session with the notes typed beside the button, in one press', async () => {
    const fetch = serve({ usage: sessionOf(viewer.id, viewer.username), canControl: true });
    renderCard();
    const notes = await screen.findByRole('textbox', { name: 'End notes' });
    expect(screen.getByText('Notes are optional')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More ways to end' })).toBeNull();
    await userEvent.type(notes, 'Lens cleaned');
    await userEvent.click(screen.getByRole('button', { name: 'End Session' }));
    await waitFor(() =>
      expect(bodyOf(fetch, '/api/resources/3/usage/end')).toEqual({ notes: 'Lens cleaned' }),
    );
  });

  it("shows everyone how long another user's session has been running", async () => {
    serve({ usage: sessionOf(8, 'ada', new Date(Date.now() - 3_725_000).toISOString()), canControl: false });
    renderCard();
    expect((await screen.findByRole('timer')).textContent).toMatch(/^01:02:0\d$/);
    expect(screen.queryByRole('button', { name: 'End Session' })).toBeNull();
  });

  it("lets a manager end another user's session with a required reason", async () => {
    viewer.systemPermissions.canManageResources = true;
    const fetch = serve({ usage: sessionOf(8, 'ada'), canControl: true });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'End Session' }));
    const dialog = await screen.findByRole('dialog', { name: "End ada's session" });
    const submit = within(dialog).getByRole('button', { name: 'End Session' });
    expect(submit.hasAttribute('disabled') || submit.getAttribute('aria-disabled') === 'true').toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Left running overnight');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End Session' }));
    await waitFor(() =>
      expect(bodyOf(fetch, '/api/resources/3/usage/end')).toEqual({ notes: 'Left running overnight' }),
    );
  });

  it("shows another user's session, with a takeover only where the resource allows it", async () => {
    serve({ usage: sessionOf(8, 'ada'), canControl: true });
    renderCard();
    expect(await screen.findByText('ada')).toBeTruthy();
    expect(screen.getByText('In Use')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Takeover' })).toBeTruthy();
  });

  it("shows another user's session without a takeover when the resource refuses it", async () => {
    serve({ usage: sessionOf(8, 'ada'), canControl: true });
    renderCard({ ...resource, allowTakeOver: false });
    expect(await screen.findByText('ada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Takeover' })).toBeNull();
  });

  it('starts a session with the notes typed in the notes dialog', async () => {
    const fetch = serve({ usage: null, canControl: true });
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'More ways to start' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Start with Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start with Notes' });
    expect(within(dialog).getByText('Notes are optional')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes' }), 'Cutting plywood');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start Using Resource' }));

    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/api/resources/3/usage/start',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
    const start = fetch.mock.calls.find(([path]) => path === '/api/resources/3/usage/start');
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ notes: 'Cutting plywood' });
  });

  it('names everyone who can introduce, from the resource and its groups, once each', async () => {
    serve({
      usage: null,
      canControl: false,
      introducers: [introducer(2, 'grace')],
      groupIntroducers: [introducer(2, 'grace'), introducer(1, 'ada')],
    });
    renderCard();
    const list = await screen.findByRole('list', { name: 'Introducers' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['ada', 'grace']),
    );
    expect(screen.getByText('Introduction required')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Using Resource' })).toBeNull();
  });

  it('says when nobody can give an introduction', async () => {
    serve({ usage: null, canControl: false });
    renderCard();
    expect(
      await screen.findByText(
        'No introducers are currently available for this resource. Please contact an administrator.',
      ),
    ).toBeTruthy();
  });
});
