import {
  type NewDomainEvent,
  ResourceErrorCodes,
  ResourceMessages,
  type StartUsageBody,
  type UsageHistoryQuery,
  type UsageSession,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { EventTransactions } from '../../platform/events/event-transactions.ts';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';
import { resourceNotFound } from '../resources/resources.service.ts';
import type { UsageRepository } from './usage.repository.ts';
import { usageEvents } from './usage-events.ts';
import { decideStart, mayEnd } from './usage-rules.ts';
import { presentUsageSession, type UsageSessionRecord } from './usage-session.ts';

/** A user as events name them (contracts' EventUser). */
const eventUserOf = (user: UserAccount) => ({
  id: user.id,
  username: user.username,
  externalIdentifier: user.externalIdentifier,
});

/** The user of a running session as events name them. */
const sessionUserOf = (session: UsageSessionRecord, externalIdentifier: string | null) => ({
  id: session.user.id,
  username: session.user.username,
  externalIdentifier,
});

/**
 * A running session as a viewer may see it: who and since when for everyone, its notes only for
 * its own user and resource managers, as in the history (spec 01 §6).
 */
function presentForViewer(session: UsageSessionRecord, viewer: UserAccount): UsageSession {
  const presented = presentUsageSession(session);
  if (viewer.id === session.userId || viewer.permissions.canManageResources) return presented;
  return { ...presented, startNotes: null, endNotes: null };
}

const resourceInUse = () =>
  conflict(ResourceMessages.resourceInUse, { errorCode: ResourceErrorCodes.resourceInUse });
const noActiveSession = () => badRequest(ResourceMessages.invalidInputOrNoActiveSession);

/** Usage sessions: start, takeover, end, history (spec 01 §4, §6). */
export function createUsageService(deps: {
  db: Db;
  repo: UsageRepository;
  resources: { ensureExists(id: number, executor?: Db): Promise<void> };
  access: { accessTo(user: UserAccount, resourceId: number, executor?: Db): Promise<ResourceAccess> };
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  /** Active sessions and history are polled by every open page; they change far less often. */
  reads: ReadCache;
}) {
  return {
    /**
     * Starts a session, or takes over the running one with forceTakeOver. Everything happens in
     * one transaction with its events; the database's unique index has the last word when two
     * requests race, and that loss is a 409, not a 500.
     */
    async start(
      actor: UserAccount,
      resourceId: number,
      body: StartUsageBody,
      /** When the request arrived; a takeover never ends a session younger than that. */
      requestedAt: Date = deps.clock.now(),
    ): Promise<UsageSession> {
      const notes = body?.notes ?? null;
      try {
        return await deps.events.transaction(async (tx, record) => {
          const state = await deps.repo.findResourceState(tx, resourceId);
          if (!state) throw resourceNotFound();
          const access = await deps.access.accessTo(actor, resourceId, tx);
          const active = state.active;
          const decision = decideStart({
            access,
            allowTakeOver: state.allowTakeOver,
            active: active && { userId: active.userId, startTime: active.startTime },
            actorId: actor.id,
            forceTakeOver: body?.forceTakeOver === true,
            requestedAt,
          });
          if (decision.kind === 'refuse') {
            if (decision.reason === 'needs-introduction')
              throw forbidden(ResourceMessages.forbiddenUseResource);
            if (decision.reason === 'take-over-not-allowed') {
              throw conflict(ResourceMessages.takeOverNotAllowed, {
                errorCode: ResourceErrorCodes.takeOverNotAllowed,
              });
            }
            throw resourceInUse();
          }
          const now = deps.clock.now();
          const user = { id: actor.id, username: actor.username };
          if (decision.kind === 'take-over' && active) {
            // Someone else ended or took over the session since we read it: we lost the race.
            const previous = await deps.repo.end(tx, active, now, null, user);
            if (!previous) throw resourceInUse();
            const started = await deps.repo.start(tx, { resourceId, user, startTime: now, notes });
            await record([
              usageEvents.takenOver(
                state.resourceName,
                { session: previous, user: sessionUserOf(previous, state.activeUserExternalIdentifier) },
                { session: started, user: eventUserOf(actor) },
              ),
            ]);
            return presentUsageSession(started);
          }
          const started = await deps.repo.start(tx, { resourceId, user, startTime: now, notes });
          await record([usageEvents.started(state.resourceName, started, eventUserOf(actor))]);
          return presentUsageSession(started);
        });
      } catch (error) {
        // PostgreSQL: a concurrent start committed first and the index refused ours.
        if (isUniqueViolation(error)) throw resourceInUse();
        throw error;
      }
    },

    /** Ends the running session: the owner's own, or anyone's for managers and introducers. */
    async end(actor: UserAccount, resourceId: number, notes: string | null): Promise<UsageSession> {
      return deps.events.transaction(async (tx, record) => {
        const state = await deps.repo.findResourceState(tx, resourceId);
        if (!state) throw resourceNotFound();
        const active = state.active;
        if (!active) throw noActiveSession();
        if (active.userId !== actor.id) {
          const access = await deps.access.accessTo(actor, resourceId, tx);
          if (!mayEnd({ access, sessionUserId: active.userId, actorId: actor.id })) throw noActiveSession();
        }
        const ended = await deps.repo.end(tx, active, deps.clock.now(), notes, {
          id: actor.id,
          username: actor.username,
        });
        if (!ended) throw noActiveSession();
        await record([
          usageEvents.ended(
            state.resourceName,
            ended,
            sessionUserOf(ended, state.activeUserExternalIdentifier),
          ),
        ]);
        return presentUsageSession(ended);
      });
    },

    async active(viewer: UserAccount, resourceId: number): Promise<UsageSession | null> {
      const state = await deps.reads.read(`active ${resourceId}`, () =>
        deps.repo.findResourceState(deps.db, resourceId),
      );
      if (!state) throw resourceNotFound();
      return state.active ? presentForViewer(state.active, viewer) : null;
    },

    /** Running sessions of all resources, for the overview's status chips. */
    /** How many sessions run now, for the operator's metrics. */
    runningCount(): Promise<number> {
      return deps.repo.countActive(deps.db);
    },

    async allActive(viewer: UserAccount): Promise<UsageSession[]> {
      return (await deps.repo.listActive(deps.db)).map((session) => presentForViewer(session, viewer));
    },

    /** Whether the user may start or take over sessions here: a fixed number of queries. */
    async canControl(actor: UserAccount, resourceId: number): Promise<boolean> {
      await deps.resources.ensureExists(resourceId);
      return mayUseResource(await deps.access.accessTo(actor, resourceId));
    },

    /** Managers see everyone's sessions; others only their own (spec 01 §6). */
    async history(actor: UserAccount, resourceId: number, query: UsageHistoryQuery) {
      const isManager = actor.permissions.canManageResources;
      if (!isManager && query.userId !== undefined && query.userId !== actor.id) {
        await deps.resources.ensureExists(resourceId);
        throw forbidden(ResourceMessages.forbiddenOthersHistory);
      }
      const userId = isManager ? query.userId : actor.id;
      const answer = await deps.reads.read(
        `history ${resourceId} ${query.page} ${query.limit} ${userId ?? 'all'}`,
        async () => {
          const page = await deps.repo.history(deps.db, resourceId, {
            page: query.page,
            limit: query.limit,
            userId,
          });
          return (
            page && {
              data: page.data.map(presentUsageSession),
              total: page.total,
              page: query.page,
              limit: query.limit,
              totalPages: Math.ceil(page.total / query.limit),
            }
          );
        },
      );
      if (!answer) throw resourceNotFound();
      return answer;
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
