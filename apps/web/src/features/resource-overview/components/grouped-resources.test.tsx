import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Paged, Resource, ResourceGroup, UsageSession } from '@toolpass/contracts';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fake-api.ts';
import { aResource } from '../../../test/resource-fixture.ts';
import type { ResourceCriteria } from '../api/resource-criteria.ts';
import { GroupedResources } from './grouped-resources.tsx';

vi.mock('../../../sign-in/sign-in-context.tsx', () => ({
  useSignedInUser: () => ({
    id: 1,
    username: 'manager',
    systemPermissions: {
      canManageResources: true,
      canManageSystemConfiguration: false,
      canManageUsers: false,
    },
  }),
  useSignIn: () => ({ user: undefined }),
}));

const criteria: ResourceCriteria = { search: '', onlyInUseByMe: false, onlyWithPermissions: true };

const resource = (id: number, name: string): Resource =>
  aResource({
    id,
    name,
  });

const page = (data: Resource[]): Paged<Resource> => ({
  data,
  total: data.length,
  page: 1,
  limit: 10,
  totalPages: data.length ? 1 : 0,
});

const runningSession = (resourceId: number): UsageSession => ({
  id: 1,
  resourceId,
  userId: 2,
  user: { id: 2, username: 'member' },
  startTime: '2026-11-22T10:00:00.000Z',
  endTime: null,
  usageInMinutes: -1,
  startNotes: null,
  endNotes: null,
  endedBy: null,
});

const group = (id: number, name: string): ResourceGroup => ({
  id,
  name,
  description: null,
  introductionValidForDays: null,
  introductionExpiresAfterUnusedDays: null,
});

/**
 * Answers the overview's calls from fixed data, by path and groupId; `listsFail` makes the
 * resource lists answer 500 while it returns true. Returns the lists asked for.
 */
function serve(
  groups: ResourceGroup[],
  listsByGroupId: Record<number, Resource[]>,
  inUse: UsageSession[],
  listsFail: () => boolean = () => false,
) {
  const listCalls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.pathname === '/api/resource-groups') return json(groups);
      if (url.pathname === '/api/resources/in-use') return json(inUse);
      if (url.pathname === '/api/resources') {
        listCalls.push(url.search);
        if (listsFail()) return json(apiError(500, 'boom'), 500);
        return json(page(listsByGroupId[Number(url.searchParams.get('groupId'))] ?? []));
      }
      return new Response('', { status: 404 });
    }),
  );
  return listCalls;
}

function renderOverview(
  props: Partial<Parameters<typeof GroupedResources>[0]> = {},
  retries: { retry: number; retryDelay: number } | { retry: false } = { retry: false },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: retries } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <GroupedResources criteria={criteria} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GroupedResources', () => {
  it('shows a card per group with matches plus "Ungrouped", hiding groups without matches', async () => {
    serve(
      [
        {
          id: 1,
          name: 'Wood shop',
          description: 'Saws and planes',
          introductionValidForDays: null,
          introductionExpiresAfterUnusedDays: null,
        },
        {
          id: 2,
          name: 'Metal shop',
          description: null,
          introductionValidForDays: null,
          introductionExpiresAfterUnusedDays: null,
        },
      ],
      { 1: [resource(5, 'Table saw')], [-1]: [resource(6, 'Laser cutter')] },
      [runningSession(5)],
    );
    renderOverview();

    const woodShop = await screen.findByRole('grid', { name: 'Resources in Wood shop' });
    expect(screen.getByRole('link', { name: 'Wood shop' }).getAttribute('href')).toBe('/resource-groups/1');
    expect(screen.getByText('Saws and planes')).toBeTruthy();
    expect(await within(woodShop).findByText('In Use')).toBeTruthy();

    const ungrouped = screen.getByRole('grid', { name: 'Resources in Ungrouped' });
    expect(screen.getByText('Resources that are not assigned to a group')).toBeTruthy();
    expect(within(ungrouped).getByText('Laser cutter')).toBeTruthy();
    expect(within(ungrouped).getByText('Available')).toBeTruthy();

    expect(screen.queryByText('Metal shop')).toBeNull();
  });

  it('says so when a search matches nothing anywhere', async () => {
    serve(
      [
        {
          id: 1,
          name: 'Wood shop',
          description: null,
          introductionValidForDays: null,
          introductionExpiresAfterUnusedDays: null,
        },
      ],
      {},
      [],
    );
    renderOverview({ criteria: { ...criteria, search: 'lathe' } });

    expect(await screen.findByText('No resources found')).toBeTruthy();
    expect(screen.getByText('Adjust your search to find resources')).toBeTruthy();
    expect(screen.queryByText('Wood shop')).toBeNull();
    expect(screen.queryByText('Ungrouped')).toBeNull();
  });

  it('offers a manager of an empty installation to add the first machine, not to adjust a search', async () => {
    serve([], {}, []);
    const onAddResource = vi.fn();
    renderOverview({ onAddResource });

    expect(await screen.findByText('Add your first machine')).toBeTruthy();
    expect(screen.queryByText('Adjust your search to find resources')).toBeNull();
    screen.getByRole('button', { name: 'Add Resource' }).click();
    expect(onAddResource).toHaveBeenCalledOnce();
  });

  it('tells a member of an empty installation that no resources exist yet, without an action', async () => {
    serve([], {}, []);
    renderOverview({ criteria: { ...criteria, onlyWithPermissions: false } });

    expect(await screen.findByText('No resources yet')).toBeTruthy();
    expect(screen.queryByText('Adjust your search to find resources')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('marks every resource in words when the viewer needs an introduction for each', async () => {
    serve([], { [-1]: [resource(6, 'Laser cutter'), resource(7, 'Lathe')] }, []);
    renderOverview({ needsIntroduction: true });

    const ungrouped = await screen.findByRole('grid', { name: 'Resources in Ungrouped' });
    expect(await within(ungrouped).findAllByText('Introduction needed')).toHaveLength(2);
  });

  it('marks nothing when the viewer may use what is shown', async () => {
    serve([], { [-1]: [resource(6, 'Laser cutter')] }, []);
    renderOverview();

    const ungrouped = await screen.findByRole('grid', { name: 'Resources in Ungrouped' });
    expect(within(ungrouped).getByText('Laser cutter')).toBeTruthy();
    expect(within(ungrouped).queryByText('Introduction needed')).toBeNull();
  });

  it('shows one error with a retry for the page when the lists fail, not one per card', async () => {
    let listsFail = true;
    serve(
      [group(1, 'Wood shop'), group(2, 'Metal shop')],
      { 1: [resource(5, 'Table saw')] },
      [],
      () => listsFail,
    );
    renderOverview();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the resources');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    // Cards of groups whose list is unknown are not shown, empty or not.
    expect(screen.queryByText('Wood shop')).toBeNull();
    expect(screen.queryByText('Metal shop')).toBeNull();
    expect(screen.queryByText('Ungrouped')).toBeNull();

    listsFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('grid', { name: 'Resources in Wood shop' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Metal shop')).toBeNull();
  });

  it('says in words that the resources load, and that a failed load is tried again', async () => {
    const listCalls = serve([group(1, 'Wood shop')], {}, [], () => true);
    renderOverview({}, { retry: 1, retryDelay: 300 });

    expect(screen.getByText('Loading the resources…')).toBeTruthy();
    expect(await screen.findByText('The server did not answer as expected. Trying again…')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load the resources');
    // Each list (the group's and the ungrouped one) was asked twice: once and once again.
    expect(listCalls).toHaveLength(4);
  });
});
