import {
  partialMatchKey,
  type Query,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
import type { LiveEvent } from '@toolpass/contracts';
import i18next from 'i18next';
import { useEffect, useSyncExternalStore } from 'react';
import { subscribeToEventStream } from '../../../lib/event-stream.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { notifyInfo, notifyWarning } from '../../../lib/notify.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { bookingsKeys } from '../../bookings/api/bookings-queries.ts';
import { formatTime } from '../../bookings/week.ts';
import {
  deletionKeys,
  type ResourceListParams,
  resourceGroupsKeys,
  resourcesKeys,
  USAGE_POLL_INTERVAL_MS,
} from '../api/resources-queries.ts';

/**
 * One stream of every resource's events for the whole tab: browsers allow only six HTTP/1.1
 * connections per server, so a stream per resource on the overview would starve other calls.
 */
export const RESOURCE_EVENTS_PATH = '/api/resources/events';

let connected = false;
/** The signed-in user of this tab: a warning of the automatic end is for the session's user. */
let viewerId: number | undefined;
let subscribers = 0;
let close: (() => void) | undefined;
const listeners = new Set<() => void>();

function setConnected(value: boolean) {
  if (connected === value) return;
  connected = value;
  for (const listener of listeners) listener();
}

/** The resource ids an event touches, read from the fields every resource event carries. */
export function resourceIdsOf(event: LiveEvent): number[] {
  const data = event.data as { resourceId?: number | null; resourceIds?: number[] };
  const ids = new Set(data.resourceIds ?? []);
  if (typeof data.resourceId === 'number') ids.add(data.resourceId);
  return [...ids];
}

/** Lists a usage change can alter: only those filtered to what is in use by the viewer. */
const listsFollowingUsage = (query: Query) =>
  (query.queryKey[2] as ResourceListParams | undefined)?.onlyInUseByMe === true;

/**
 * A deleted resource's or group's data is of no more use: refetched, each query would answer 404.
 * What no page shows is dropped; a page still showing the item refetches the item alone, whose 404
 * turns the page into "not found". A deletion this tab is making is left to the deletion itself,
 * which drops the data and leaves the page (use-delete-resource.ts): the event may come first.
 */
function forgetDeleted(queryClient: QueryClient, itemKey: QueryKey, deletionKey: QueryKey) {
  if (queryClient.isMutating({ mutationKey: deletionKey }) > 0) return;
  queryClient.removeQueries({ queryKey: itemKey, type: 'inactive' });
  void queryClient.invalidateQueries({ queryKey: itemKey, exact: true });
}

/** What one live event makes stale in the query cache (exported for its tests). */
export function refreshAfter(queryClient: QueryClient, event: LiveEvent) {
  const deletedResourceId = event.type === 'resource.deleted' ? event.data.resourceId : undefined;
  for (const id of resourceIdsOf(event)) {
    if (id === deletedResourceId) {
      forgetDeleted(queryClient, resourcesKeys.detail(id), deletionKeys.resource(id));
    } else {
      void queryClient.invalidateQueries({ queryKey: resourcesKeys.detail(id) });
    }
  }
  // A start or end changes the in-use set (the chips), not the lists: refetching every group's
  // list on each start would cost a request per card for nothing.
  const isUsage = event.type.startsWith('usage.');
  void queryClient.invalidateQueries({
    queryKey: resourcesKeys.lists,
    ...(isUsage ? { predicate: listsFollowingUsage } : {}),
  });
  void queryClient.invalidateQueries({ queryKey: resourcesKeys.inUse });
  // Group pages show introductions and members that resource events change too.
  if (event.type === 'resource-group.deleted') {
    const deletedGroupKey = resourceGroupsKeys.detail(event.data.groupId);
    forgetDeleted(queryClient, deletedGroupKey, deletionKeys.group(event.data.groupId));
    void queryClient.invalidateQueries({
      queryKey: resourceGroupsKeys.all,
      predicate: (query) => !partialMatchKey(query.queryKey, deletedGroupKey),
    });
  } else {
    void queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.all });
  }
  // "My bookings" lists bookings of every resource (decision 23).
  if (event.type.startsWith('booking.')) void queryClient.invalidateQueries({ queryKey: bookingsKeys.all });
}

function open(queryClient: QueryClient) {
  return subscribeToEventStream(RESOURCE_EVENTS_PATH, {
    onConnectionChange: (value) => {
      setConnected(value);
      // Whatever changed while the stream was down is fetched once it is back.
      if (value) void queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
    },
    onEvent: (message) => {
      try {
        const event = JSON.parse(message.data) as LiveEvent;
        refreshAfter(queryClient, event);
        if (event.type === 'usage.limit-warning' && event.data.user.id === viewerId) {
          // Decision 21: the session ends automatically soon; its user hears it in every open tab.
          notifyWarning(
            i18next.t('safetyRules.limitWarning.title', { name: event.data.resourceName }),
            i18next.t('safetyRules.limitWarning.message', { time: formatDateTime(event.data.endsAt) }),
          );
        }
        if (event.type === 'wait-list.your-turn' && event.data.user.id === viewerId) {
          // Decision 23: the first in line holds the free resource for a while; every open tab says so.
          notifyInfo(
            i18next.t('bookings.waitList.yourTurn', {
              name: event.data.resourceName,
              time: formatTime(event.data.heldUntil),
            }),
          );
        }
      } catch {
        // A message that is not an event envelope changes nothing.
      }
    },
  });
}

/**
 * Keeps resource data live while a resource page is shown: each event refreshes the queries of
 * the resources it names. Shared by every component that calls it; closed when the last unmounts.
 */
export function useResourceLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { user } = useSignIn();
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    viewerId = userId;
    subscribers += 1;
    if (subscribers === 1) close = open(queryClient);
    return () => {
      subscribers -= 1;
      if (subscribers === 0) {
        close?.();
        close = undefined;
        setConnected(false);
      }
    };
  }, [queryClient, userId]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The poll interval for live data: none while the stream is open, 3 s as the fallback (spec 01 §9). */
export function useLivePollInterval(): number | false {
  const isConnected = useSyncExternalStore(subscribe, () => connected);
  return isConnected ? false : USAGE_POLL_INTERVAL_MS;
}
