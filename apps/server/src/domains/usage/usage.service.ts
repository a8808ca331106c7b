import {
  type CanControl,
  introductionLapsedMessage,
  type NewDomainEvent,
  outOfOrderMessage,
  ResourceErrorCodes,
  ResourceMessages,
  type StartUsageBody,
  type UsageHistoryQuery,
  type UsageSession,
  type UserRef,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';
import { resourceNotFound } from '../resources/resources.service.ts';
import { planAutomaticEnd, type SessionTimers } from './session-limits.ts';
import type { ResourceUsageState, UsageRepository } from './usage.repository.ts';
import { usageEvents } from './usage-events.ts';
import {
  checkStartGuards,
  notifySessionObservers,
  type SessionObserver,
  type StartGuard,
} from './usage-hooks.ts';
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
  /** Writes the automatic end and its warning in a start's transaction (session-limits.ts). */
  timers: SessionTimers;
  /** Rules of bookings and the wait list that a start must pass (decision 23). */
  startGuards?: readonly StartGuard[];
  /** Bookings and the wait list follow every start and end. */
  sessionObservers?: readonly SessionObserver[];
}) {
  const startGuards = deps.startGuards ?? [];
  const observers = deps.sessionObservers ?? [];
  const changeOf = (state: ResourceUsageState, resourceId: number, session: UsageSessionRecord) => ({
    resourceId,
    resourceName: state.resourceName,
    bookingMode: state.bookingMode,
    session,
    now: deps.clock.now(),
  });

  /** Ends the running session in `tx` with its event; undefined when none was running. */
  async function endActive(
    tx: Db,
    record: RecordEvents<NewDomainEvent>,
    resourceId: number,
    notes: string | null,
    /** Who ends it: a manager marking the resource out of order, or null for the automatic end. */
    endedBy: UserRef | null,
    onlySessionId?: number,
  ): Promise<UsageSessionRecord | undefined> {
    const state = await deps.repo.findResourceState(tx, resourceId);
    const active = state?.active;
    if (!state || !active) return undefined;
    if (onlySessionId !== undefined && active.id !== onlySessionId) return undefined;
    const ended = await deps.repo.end(tx, active, deps.clock.now(), notes, endedBy);
    if (!ended) return undefined;
    await record([
      usageEvents.ended(state.resourceName, ended, sessionUserOf(ended, state.activeUserExternalIdentifier)),
    ]);
    await notifySessionObservers(observers, 'ended', tx, record, changeOf(state, resourceId, ended));
    return ended;
  }

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
          if (state.outOfOrderReason !== null) {
            throw conflict(outOfOrderMessage(state.outOfOrderReason), {
              errorCode: ResourceErrorCodes.outOfOrder,
            });
          }
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
            if (decision.reason === 'needs-introduction') {
              if (access.introductionLapsedAt) {
                throw forbidden(introductionLapsedMessage(access.introductionLapsedAt), {
                  errorCode: ResourceErrorCodes.introductionLapsed,
                });
              }
              throw forbidden(ResourceMessages.forbiddenUseResource);
            }
            if (decision.reason === 'take-over-not-allowed') {
              throw conflict(ResourceMessages.takeOverNotAllowed, {
                errorCode: ResourceErrorCodes.takeOverNotAllowed,
              });
            }
            throw resourceInUse();
          }
          const now = deps.clock.now();
          await checkStartGuards(startGuards, tx, {
            resourceId,
            resourceName: state.resourceName,
            bookingMode: state.bookingMode,
            actor,
            now,
          });
          const user = { id: actor.id, username: actor.username };
          if (decision.kind === 'take-over' && active) {
            // Someone else ended or took over the session since we read it: we lost the race.
            const previous = await deps.repo.end(tx, active, now, null, user);
            if (!previous) throw resourceInUse();
            const started = await deps.repo.start(tx, { resourceId, user, startTime: now, notes });
            await planAutomaticEnd(deps.timers, tx, started, state.maxSessionMinutes, now);
            await record([
              usageEvents.takenOver(
                state.resourceName,
                { session: previous, user: sessionUserOf(previous, state.activeUserExternalIdentifier) },
                { session: started, user: eventUserOf(actor) },
              ),
            ]);
            await notifySessionObservers(
              observers,
              'ended',
              tx,
              record,
              changeOf(state, resourceId, previous),
            );
            await notifySessionObservers(
              observers,
              'started',
              tx,
              record,
              changeOf(state, resourceId, started),
            );
            return presentUsageSession(started);
          }
          const started = await deps.repo.start(tx, { resourceId, user, startTime: now, notes });
          await planAutomaticEnd(deps.timers, tx, started, state.maxSessionMinutes, now);
          await record([usageEvents.started(state.resourceName, started, eventUserOf(actor))]);
          await notifySessionObservers(
            observers,
            'started',
            tx,
            record,
            changeOf(state, resourceId, started),
          );
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
        if (!state) throw notFound(ResourceMessages.resourceOrSessionNotFound);
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
        await notifySessionObservers(observers, 'ended', tx, record, changeOf(state, resourceId, ended));
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

    /**
     * Whether the user may start or take over sessions here, and when their own introduction
     * lapses or lapsed (decision 21): a fixed number of queries.
     */
    async canControl(actor: UserAccount, resourceId: number): Promise<CanControl> {
      await deps.resources.ensureExists(resourceId);
      const access = await deps.access.accessTo(actor, resourceId);
      const lapsedAt = access.introductionLapsedAt ?? null;
      return {
        canControl: mayUseResource(access),
        introductionExpiresAt: (access.introductionExpiresAt ?? lapsedAt)?.toISOString() ?? null,
        introductionLapsed: lapsedAt !== null,
      };
    },

    /**
     * Ends the running session in the caller's transaction, with its event and observers: the
     * automatic end (session-limits.ts) and a mark out of order (out-of-order.service.ts).
     */
    endRunning: endActive,

    /** The running session of a resource, read in the caller's transaction (bookings, decision 23). */
    async runningIn(tx: Db, resourceId: number): Promise<UsageSessionRecord | undefined> {
      return (await deps.repo.findResourceState(tx, resourceId))?.active ?? undefined;
    },

    /**
     * Ends one running session automatically in the caller's transaction, with its `usage.ended`
     * and observers like every end: a booking beginning ends a walk-up session (decision 23).
     */
    endIn(
      tx: Db,
      record: RecordEvents<NewDomainEvent>,
      resourceId: number,
      sessionId: number,
      notes: string,
    ): Promise<UsageSessionRecord | undefined> {
      return endActive(tx, record, resourceId, notes, null, sessionId);
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
