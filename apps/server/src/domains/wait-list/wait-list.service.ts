import {
  BookingErrorCodes,
  BookingMessages,
  heldForMessage,
  introductionLapsedMessage,
  type NewDomainEvent,
  ResourceErrorCodes,
  ResourceMessages,
  type WaitListEntry,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import type { EventTransactions } from '../../platform/events/event-transactions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';
import { resourceNotFound } from '../resources/resources.service.ts';
import type { SessionObserver, StartGuard } from '../usage/usage-hooks.ts';
import type { WaitListRecord, WaitListRepository } from './wait-list.repository.ts';
import type { WaitListHolds } from './wait-list-holds.ts';

const present = (entry: WaitListRecord, index: number): WaitListEntry => ({
  user: entry.user,
  position: index + 1,
  since: entry.since.toISOString(),
  heldUntil: entry.heldUntil?.toISOString() ?? null,
});

const alreadyWaiting = () => conflict(BookingMessages.alreadyWaiting);

/**
 * The wait list of a resource in wait-list mode (decision 23): members join while it runs or is
 * held; when its session ends the first in line holds it for 10 minutes (wait-list-holds.ts);
 * meanwhile nobody else may start it (the start guard), and the holder's start takes them off.
 */
export function createWaitListService(deps: {
  db: Db;
  repo: WaitListRepository;
  holds: WaitListHolds;
  access: { accessTo(user: UserAccount, resourceId: number, executor?: Db): Promise<ResourceAccess> };
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
}) {
  const listOf = async (db: Db, resourceId: number) => (await deps.repo.list(db, resourceId)).map(present);

  async function resourceOf(db: Db, resourceId: number) {
    const resource = await deps.repo.resource(db, resourceId);
    if (!resource) throw resourceNotFound();
    return resource;
  }

  /** Refuses a start while the resource is held for another member. */
  const guard: StartGuard = async (tx, attempt) => {
    if (attempt.bookingMode !== 'wait-list') return;
    const holder = await deps.repo.holder(tx, attempt.resourceId, attempt.now);
    if (holder && holder.user.id !== attempt.actor.id) {
      throw conflict(heldForMessage(holder.user.username), { errorCode: BookingErrorCodes.heldForOther });
    }
  };

  const observer: SessionObserver = {
    /** Whoever starts no longer waits; the holder's start ends the hold with the entry. */
    async started(tx, _record, change) {
      if (change.bookingMode !== 'wait-list') return;
      await deps.repo.remove(tx, change.resourceId, change.session.userId);
    },
    /** The resource became free: the first in line holds it. */
    async ended(tx, record, change) {
      if (change.bookingMode !== 'wait-list') return;
      await deps.holds.holdNext(tx, record, change.resourceId, change.now);
    },
  };

  return {
    guard,
    observer,

    /** The line, first first, for any signed-in member. */
    async list(resourceId: number): Promise<WaitListEntry[]> {
      await resourceOf(deps.db, resourceId);
      return listOf(deps.db, resourceId);
    },

    /**
     * Joins the line of a resource that runs or is held for someone: a free resource that nobody
     * holds is there to be started, and its running user has nothing to wait for.
     */
    async join(actor: UserAccount, resourceId: number): Promise<WaitListEntry[]> {
      try {
        return await deps.events.transaction(async (tx) => {
          const resource = await resourceOf(tx, resourceId);
          if (resource.bookingMode !== 'wait-list') throw badRequest(BookingMessages.notWaitList);
          const access = await deps.access.accessTo(actor, resourceId, tx);
          if (!mayUseResource(access)) {
            if (access.introductionLapsedAt) {
              throw forbidden(introductionLapsedMessage(access.introductionLapsedAt), {
                errorCode: ResourceErrorCodes.introductionLapsed,
              });
            }
            throw forbidden(ResourceMessages.forbiddenUseResource);
          }
          if (await deps.repo.find(tx, resourceId, actor.id)) throw alreadyWaiting();
          const now = deps.clock.now();
          const runningUserId = await deps.repo.activeUserId(tx, resourceId);
          if (runningUserId === actor.id) throw conflict(BookingMessages.usingItNow);
          // Out of order, nobody can start it: members may line up for its return.
          const free = runningUserId === undefined && !resource.outOfOrder;
          if (free && !(await deps.repo.holder(tx, resourceId, now))) {
            throw conflict(BookingMessages.resourceFree);
          }
          await deps.repo.insert(tx, { resourceId, userId: actor.id, since: now });
          return listOf(tx, resourceId);
        });
      } catch (error) {
        // Two joins of one member raced; the unique index kept one.
        if (isUniqueViolation(error)) throw alreadyWaiting();
        throw error;
      }
    },

    /** Leaves the line; a member who held the resource passes the hold on at once. */
    async leave(actor: UserAccount, resourceId: number): Promise<WaitListEntry[]> {
      return deps.events.transaction(async (tx, record) => {
        await resourceOf(tx, resourceId);
        const now = deps.clock.now();
        const entry = await deps.repo.find(tx, resourceId, actor.id);
        if (!entry || !(await deps.repo.remove(tx, resourceId, actor.id))) {
          throw notFound(BookingMessages.notWaiting);
        }
        if (entry.heldUntil && entry.heldUntil.getTime() > now.getTime()) {
          await deps.holds.holdNext(tx, record, resourceId, now);
        }
        return listOf(tx, resourceId);
      });
    },
  };
}

export type WaitListService = ReturnType<typeof createWaitListService>;
