import {
  type NewDomainEvent,
  type Resource,
  ResourceErrorCodes,
  ResourceMessages,
  type StartUsageBody,
  type UsageHistoryQuery,
  type UsageSession,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import type { Outbox } from '../../platform/events/outbox.ts';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.ts';
import { mayUseResource, type ResourceAccess } from '../introductions/resource-access.ts';
import type { UserAccount } from '../users/users.repository.ts';
import type { UsageRepository } from './usage.repository.ts';
import { decideStart, mayEnd } from './usage-rules.ts';
import { presentUsageSession } from './usage-session.ts';

const resourceInUse = () =>
  conflict(ResourceMessages.resourceInUse, { errorCode: ResourceErrorCodes.resourceInUse });
const noActiveSession = () => badRequest(ResourceMessages.invalidInputOrNoActiveSession);

/** Usage sessions: start, takeover, end, history (spec 01 §4, §6). */
export function createUsageService(deps: {
  db: Db;
  repo: UsageRepository;
  resources: {
    get(id: number, executor?: Db): Promise<Resource>;
    ensureExists(id: number, executor?: Db): Promise<void>;
  };
  access: { accessTo(user: UserAccount, resourceId: number, executor?: Db): Promise<ResourceAccess> };
  clock: Clock;
  outbox: Outbox<NewDomainEvent>;
  onEventsWritten: () => void;
}) {
  async function requireSession(db: Db, id: number): Promise<UsageSession> {
    const record = await deps.repo.findById(db, id);
    // Read in the transaction that wrote it, so it exists.
    if (!record) throw new Error(`Usage session ${id} vanished inside its own transaction`);
    return presentUsageSession(record);
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
        const session = await deps.db.transaction().execute(async (tx) => {
          const resource = await deps.resources.get(resourceId, tx);
          const access = await deps.access.accessTo(actor, resourceId, tx);
          const active = await deps.repo.findActiveForResource(tx, resourceId);
          const decision = decideStart({
            access,
            allowTakeOver: resource.allowTakeOver,
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
          if (decision.kind === 'take-over' && active) {
            // Someone else ended or took over the session since we read it: we lost the race.
            if (!(await deps.repo.end(tx, active.id, now, null))) throw resourceInUse();
            const id = await deps.repo.start(tx, { resourceId, userId: actor.id, startTime: now, notes });
            const started = await requireSession(tx, id);
            const previousSession = await requireSession(tx, active.id);
            await deps.outbox.add(tx, [
              { type: 'usage.taken-over', data: { resourceId, previousSession, session: started } },
            ]);
            return started;
          }
          const id = await deps.repo.start(tx, { resourceId, userId: actor.id, startTime: now, notes });
          const started = await requireSession(tx, id);
          await deps.outbox.add(tx, [{ type: 'usage.started', data: { resourceId, session: started } }]);
          return started;
        });
        deps.onEventsWritten();
        return session;
      } catch (error) {
        // PostgreSQL: a concurrent start committed first and the index refused ours.
        if (isUniqueViolation(error)) throw resourceInUse();
        throw error;
      }
    },

    /** Ends the running session: the owner's own, or anyone's for managers and introducers. */
    async end(actor: UserAccount, resourceId: number, notes: string | null): Promise<UsageSession> {
      const session = await deps.db.transaction().execute(async (tx) => {
        await deps.resources.ensureExists(resourceId, tx);
        const active = await deps.repo.findActiveForResource(tx, resourceId);
        if (!active) throw noActiveSession();
        if (active.userId !== actor.id) {
          const access = await deps.access.accessTo(actor, resourceId, tx);
          if (!mayEnd({ access, sessionUserId: active.userId, actorId: actor.id })) throw noActiveSession();
        }
        if (!(await deps.repo.end(tx, active.id, deps.clock.now(), notes))) throw noActiveSession();
        const ended = await requireSession(tx, active.id);
        await deps.outbox.add(tx, [{ type: 'usage.ended', data: { resourceId, session: ended } }]);
        return ended;
      });
      deps.onEventsWritten();
      return session;
    },

    async active(resourceId: number): Promise<UsageSession | null> {
      await deps.resources.ensureExists(resourceId);
      const record = await deps.repo.findActiveForResource(deps.db, resourceId);
      return record ? presentUsageSession(record) : null;
    },

    /** Running sessions of all resources, for the overview's status chips. */
    async allActive(): Promise<UsageSession[]> {
      return (await deps.repo.listActive(deps.db)).map(presentUsageSession);
    },

    activeResourceIdsOf: (userId: number) => deps.repo.activeResourceIdsOf(deps.db, userId),

    /** Whether the user may start or take over sessions here: a fixed number of queries. */
    async canControl(actor: UserAccount, resourceId: number): Promise<boolean> {
      await deps.resources.ensureExists(resourceId);
      return mayUseResource(await deps.access.accessTo(actor, resourceId));
    },

    /** Managers see everyone's sessions; others only their own (spec 01 §6). */
    async history(actor: UserAccount, resourceId: number, query: UsageHistoryQuery) {
      await deps.resources.ensureExists(resourceId);
      const isManager = actor.permissions.canManageResources;
      if (!isManager && query.userId !== undefined && query.userId !== actor.id) {
        throw forbidden(ResourceMessages.forbiddenOthersHistory);
      }
      const userId = isManager ? query.userId : actor.id;
      const page = await deps.repo.history(deps.db, resourceId, {
        page: query.page,
        limit: query.limit,
        userId,
      });
      return {
        data: page.data.map(presentUsageSession),
        total: page.total,
        page: query.page,
        limit: query.limit,
        totalPages: Math.ceil(page.total / query.limit),
      };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
