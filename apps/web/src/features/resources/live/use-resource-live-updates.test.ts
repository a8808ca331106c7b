import { MutationObserver, QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import type { LiveEvent } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { deletionKeys, resourceGroupsKeys, resourcesKeys } from '../api/resources-queries.ts';
import { refreshAfter } from './use-resource-live-updates.ts';

const resourceDeleted: LiveEvent = {
  id: 1,
  type: 'resource.deleted',
  v: 1,
  occurredAt: '2026-11-28T10:00:00.000Z',
  data: { resourceId: 7, resourceName: 'Lathe' },
};
const groupDeleted: LiveEvent = {
  id: 2,
  type: 'resource-group.deleted',
  v: 1,
  occurredAt: '2026-11-28T10:00:00.000Z',
  data: { groupId: 4, groupName: 'Wood shop', resourceIds: [7] },
};

/** A query cache whose fetches are counted by name; `watch` gives a query an observer (a page). */
function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const fetched: string[] = [];
  const options = (name: string, queryKey: QueryKey) => ({
    queryKey,
    queryFn: async () => {
      fetched.push(name);
      return name;
    },
  });
  const unsubscribes: Array<() => void> = [];
  return {
    client,
    fetched,
    has: (queryKey: QueryKey) => client.getQueryCache().find({ queryKey, exact: true }) !== undefined,
    /** A query a page shows. */
    watch: async (name: string, queryKey: QueryKey) => {
      const observer = new QueryObserver(client, options(name, queryKey));
      unsubscribes.push(observer.subscribe(() => undefined));
      await observer.refetch();
    },
    /** A query fetched once and shown by no page now. */
    keep: (name: string, queryKey: QueryKey) => client.prefetchQuery(options(name, queryKey)),
    close: () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      client.clear();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

let current: ReturnType<typeof cache> | undefined;
afterEach(() => current?.close());

describe('refreshAfter', () => {
  it('on a resource deleted elsewhere, refetches only the resource itself and drops what no page shows', async () => {
    current = cache();
    const { client, fetched, watch, keep, has } = current;
    await watch('resource', resourcesKeys.detail(7));
    await watch('history', [...resourcesKeys.detail(7), 'usage', 'history', { page: 1, limit: 5 }]);
    await keep('introductions', [...resourcesKeys.detail(7), 'introductions']);
    fetched.length = 0;

    refreshAfter(client, resourceDeleted);
    await settle();

    // Its 404 turns an open page into "not found"; the history would only answer 404 as well.
    expect(fetched).toEqual(['resource']);
    expect(has([...resourcesKeys.detail(7), 'introductions'])).toBe(false);
  });

  it('leaves a resource this tab is deleting to the deletion', async () => {
    current = cache();
    const { client, fetched, watch } = current;
    await watch('resource', resourcesKeys.detail(7));
    await watch('introducers', [...resourcesKeys.detail(7), 'introducers']);
    fetched.length = 0;
    const deletion = new MutationObserver(client, {
      mutationKey: deletionKeys.resource(7),
      mutationFn: () => new Promise(() => undefined),
    });
    void deletion.mutate();

    refreshAfter(client, resourceDeleted);
    await settle();

    expect(fetched).toEqual([]);
  });

  it("on a group deleted elsewhere, refetches none of the group's data but the group itself", async () => {
    current = cache();
    const { client, fetched, watch } = current;
    await watch('group', resourceGroupsKeys.detail(4));
    await watch('group introducers', [...resourceGroupsKeys.detail(4), 'introducers']);
    await watch('other group', resourceGroupsKeys.detail(5));
    await watch('groups', resourceGroupsKeys.list);
    fetched.length = 0;

    refreshAfter(client, groupDeleted);
    await settle();

    expect(fetched.sort()).toEqual(['group', 'groups', 'other group']);
  });
});
