import {
  type Introducer,
  type Introduction,
  type IntroductionHistoryEntry,
  Messages,
  type NewDomainEvent,
  ResourceMessages,
} from '@toolpass/contracts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { ResourceGroupsService } from '../resources/resource-groups.service.ts';
import type { ResourcesService } from '../resources/resources.service.ts';
import type { IntroductionValidityRepository } from './introduction-validity.repository.ts';
import type { IntroductionScope, IntroductionsRepository } from './introductions.repository.ts';
import {
  expiryOf,
  type GrantValidity,
  introductionStatus,
  mayIntroduceToGroup,
  mayIntroduceToResource,
  type ResourceAccess,
} from './resource-access.ts';

const MANAGER_ACCESS: ResourceAccess = {
  canManageResources: true,
  isIntroducer: false,
  isGroupIntroducer: false,
  hasIntroduction: false,
  hasGroupIntroduction: false,
};

/** Introducers and introductions per resource and per group, and who may do what (spec 02 §3-§8). */
export function createIntroductionsService(deps: {
  db: Db;
  repo: IntroductionsRepository;
  validity: IntroductionValidityRepository;
  resources: ResourcesService;
  groups: ResourceGroupsService;
  users: { findById(id: number): Promise<UserAccount | undefined> };
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  audit: AuditLog;
}) {
  /**
   * An introduction or introducer in the audit log: one target per person and resource or group
   * (`resource:5:user:7`), so its whole story filters by one target id.
   */
  async function auditTarget(tx: Db, scope: IntroductionScope, user: { id: number; username: string }) {
    const [kind, scopeId, scopeName] =
      'resourceId' in scope
        ? ['resource', scope.resourceId, (await deps.resources.get(scope.resourceId, tx)).name]
        : ['group', scope.groupId, (await deps.groups.get(scope.groupId, tx)).name];
    return {
      type: 'introduction' as const,
      id: `${kind}:${scopeId}:user:${user.id}`,
      name: `${user.username} – ${scopeName}`,
    };
  }

  async function requireScope(scope: IntroductionScope, executor: Db = deps.db): Promise<void> {
    if ('resourceId' in scope) await deps.resources.ensureExists(scope.resourceId, executor);
    else await deps.groups.get(scope.groupId, executor);
  }

  async function requireUser(userId: number): Promise<UserAccount> {
    const user = await deps.users.findById(userId);
    if (!user) throw notFound(Messages.userNotFound);
    return user;
  }

  /**
   * One query whatever the number of groups, none for managers: they may do everything the
   * facts could allow.
   */
  async function accessTo(
    user: UserAccount,
    resourceId: number,
    executor: Db = deps.db,
  ): Promise<ResourceAccess> {
    if (user.permissions.canManageResources) return MANAGER_ACCESS;
    const facts = await deps.repo.accessFacts(executor, user.id, resourceId);
    if (!facts.hasIntroduction && !facts.hasGroupIntroduction) return { canManageResources: false, ...facts };
    // Only a member holding a grant pays for the look-up of its rules and last use (decision 21).
    const grants = await deps.validity.grantValidities(executor, user.id, resourceId);
    return { canManageResources: false, ...facts, ...introductionStatus(grants, deps.clock.now()) };
  }

  /** The resources an introduction or introducer of the scope applies to. */
  async function resourceIdsOf(tx: Db, scope: IntroductionScope): Promise<number[]> {
    return 'resourceId' in scope ? [scope.resourceId] : deps.groups.resourceIdsIn([scope.groupId], tx);
  }

  /** Granting and revoking changes who may introduce on each resource of the scope. */
  async function recordIntroducerChange(
    tx: Db,
    record: RecordEvents<NewDomainEvent>,
    type: 'introducer.granted' | 'introducer.revoked',
    scope: IntroductionScope,
    user: UserAccount,
  ): Promise<void> {
    await deps.audit.record(tx, {
      action: type,
      target: await auditTarget(tx, scope, user),
      changes: {
        introducer: { before: type === 'introducer.revoked', after: type === 'introducer.granted' },
      },
    });
    await record([
      {
        type,
        data: {
          resourceId: 'resourceId' in scope ? scope.resourceId : null,
          groupId: 'groupId' in scope ? scope.groupId : null,
          resourceIds: await resourceIdsOf(tx, scope),
          user: { id: user.id, username: user.username },
        },
      },
    ]);
  }

  /** 404 for a missing resource or group, then 403 unless the actor may introduce to it. */
  async function requireIntroducePermission(actor: UserAccount, scope: IntroductionScope): Promise<void> {
    await requireScope(scope);
    if ('resourceId' in scope) {
      if (!mayIntroduceToResource(await accessTo(actor, scope.resourceId))) {
        throw forbidden(ResourceMessages.forbiddenIntroduceResource);
      }
      return;
    }
    const canManageResources = actor.permissions.canManageResources;
    // Managers may anyway; the introducer look-up is only needed for everyone else.
    const isGroupIntroducer = !canManageResources && (await deps.repo.isIntroducer(deps.db, scope, actor.id));
    if (!mayIntroduceToGroup({ canManageResources, isGroupIntroducer })) {
      throw forbidden(ResourceMessages.forbiddenIntroduceResourceGroup);
    }
  }

  async function changeIntroduction(
    actor: UserAccount,
    scope: IntroductionScope,
    receiverUserId: number,
    action: 'grant' | 'revoke',
    comment: string | null,
  ): Promise<Introduction> {
    await requireIntroducePermission(actor, scope);
    const receiver = await requireUser(receiverUserId);
    return deps.events.transaction(async (tx, record) => {
      // A grant that lapsed before this change stays in the history as lapsed (decision 21).
      const before = (await deps.validity.scopeValidities(tx, scope)).get(receiverUserId);
      const lapsedAt = before && expiryOf(before);
      const lapsed = Boolean(lapsedAt && lapsedAt.getTime() <= deps.clock.now().getTime());
      if (before && lapsedAt && lapsed) await deps.validity.recordLapse(tx, before.grantId, lapsedAt);
      // What the audit log calls the state before: a lapsed grant no longer introduces.
      const wasValid = !lapsed && (await deps.repo.history(tx, scope, receiverUserId))[0]?.action === 'grant';
      const entry = await deps.repo.addEntry(tx, {
        scope,
        receiverUserId,
        givenByUserId: actor.id,
        action,
        comment,
        now: deps.clock.now(),
      });
      const resourceIds = await resourceIdsOf(tx, scope);
      await deps.audit.record(tx, {
        action: action === 'grant' ? 'introduction.granted' : 'introduction.revoked',
        target: await auditTarget(tx, scope, receiver),
        changes: {
          introduced: { before: wasValid, after: action === 'grant' },
          ...(comment ? { comment: { before: null, after: comment } } : {}),
        },
      });
      await record([
        {
          type: action === 'grant' ? 'introduction.granted' : 'introduction.revoked',
          data: {
            resourceId: 'resourceId' in scope ? scope.resourceId : null,
            groupId: 'groupId' in scope ? scope.groupId : null,
            resourceIds,
            receiverUser: { id: receiver.id, username: receiver.username },
            entryId: entry.id,
            comment: entry.comment ?? null,
          },
        },
      ]);
      const history = await deps.repo.history(tx, scope, receiverUserId);
      const validity = (await deps.validity.scopeValidities(tx, scope)).get(receiverUserId);
      const lapses = await deps.validity.lapsesOf(tx, scope, receiverUserId);
      return toIntroduction(receiver, withRecordedLapses(history, lapses), validity, deps.clock.now());
    });
  }

  return {
    accessTo,

    // ---- introducers ----

    async listIntroducers(scope: IntroductionScope): Promise<Introducer[]> {
      await requireScope(scope);
      return deps.repo.listIntroducers(deps.db, scope);
    },

    /** For a resource, an introducer of one of its groups counts too: they may introduce to it. */
    async isIntroducer(scope: IntroductionScope, userId: number): Promise<boolean> {
      await requireScope(scope);
      if ('groupId' in scope) return deps.repo.isIntroducer(deps.db, scope, userId);
      const facts = await deps.repo.accessFacts(deps.db, userId, scope.resourceId);
      return facts.isIntroducer || facts.isGroupIntroducer;
    },

    async grantIntroducer(scope: IntroductionScope, userId: number): Promise<Introducer> {
      await requireScope(scope);
      const user = await requireUser(userId);
      const introducer = await deps.events.transaction(async (tx, record) => {
        if (await deps.repo.addIntroducer(tx, scope, user.id, deps.clock.now())) {
          await recordIntroducerChange(tx, record, 'introducer.granted', scope, user);
        }
        const introducers = await deps.repo.listIntroducers(tx, scope);
        return introducers.find((entry) => entry.userId === user.id);
      });
      if (!introducer) throw notFound(Messages.userNotFound);
      return introducer;
    },

    async revokeIntroducer(scope: IntroductionScope, userId: number): Promise<void> {
      await requireScope(scope);
      const user = await requireUser(userId);
      await deps.events.transaction(async (tx, record) => {
        if (await deps.repo.removeIntroducer(tx, scope, user.id)) {
          await recordIntroducerChange(tx, record, 'introducer.revoked', scope, user);
        }
      });
    },

    // ---- introductions ----

    /** Everyone with an introduction history in the scope, sorted by username, in one query. */
    async listIntroductions(actor: UserAccount, scope: IntroductionScope): Promise<Introduction[]> {
      await requireIntroducePermission(actor, scope);
      const entries = await deps.repo.entriesOf(deps.db, scope);
      const validities = await deps.validity.scopeValidities(deps.db, scope);
      const lapses = await deps.validity.lapsesOf(deps.db, scope);
      const now = deps.clock.now();
      const byReceiver = new Map<
        number,
        { user: { id: number; username: string }; history: IntroductionHistoryEntry[] }
      >();
      for (const { receiverUser, ...entry } of entries) {
        const item = byReceiver.get(receiverUser.id) ?? { user: receiverUser, history: [] };
        item.history.push(entry);
        byReceiver.set(receiverUser.id, item);
      }
      return [...byReceiver.values()]
        .map(({ user, history }) =>
          toIntroduction(
            user,
            withRecordedLapses(
              history,
              lapses.filter((lapse) => lapse.receiverUserId === user.id),
            ),
            validities.get(user.id),
            now,
          ),
        )
        .sort((a, b) => a.receiverUser.username.localeCompare(b.receiverUser.username));
    },

    async history(
      actor: UserAccount,
      scope: IntroductionScope,
      userId: number,
    ): Promise<IntroductionHistoryEntry[]> {
      await requireIntroducePermission(actor, scope);
      await requireUser(userId);
      const history = await deps.repo.history(deps.db, scope, userId);
      const validity = (await deps.validity.scopeValidities(deps.db, scope)).get(userId);
      const lapses = await deps.validity.lapsesOf(deps.db, scope, userId);
      return withLapse(withRecordedLapses(history, lapses), validity, deps.clock.now());
    },

    /** 404 for a missing resource or group, 403 for a caller who may not introduce to it. */
    requireIntroducePermission,

    grant: (actor: UserAccount, scope: IntroductionScope, userId: number, comment: string | null) =>
      changeIntroduction(actor, scope, userId, 'grant', comment),

    revoke: (actor: UserAccount, scope: IntroductionScope, userId: number, comment: string | null) =>
      changeIntroduction(actor, scope, userId, 'revoke', comment),
  };
}

/** A lapse as a history entry; its id is its grant's, negated (lapses are no rows of their own there). */
const lapseEntry = (grantId: number, at: Date): IntroductionHistoryEntry => ({
  id: -grantId,
  createdAt: at.toISOString(),
  action: 'lapse',
  comment: null,
});

/** The history, newest first, with the lapses recorded when a later grant or revocation came. */
function withRecordedLapses(
  history: IntroductionHistoryEntry[],
  lapses: { grantId: number; lapsedAt: Date }[],
): IntroductionHistoryEntry[] {
  if (lapses.length === 0) return history;
  return [...lapses.map((lapse) => lapseEntry(lapse.grantId, lapse.lapsedAt)), ...history].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
}

/**
 * The history with the lapse of its newest grant, if it lapsed, on top (decision 21). A lapse is
 * not a stored entry but follows from the grant and the rules; its id is the grant's, negated.
 */
function withLapse(
  history: IntroductionHistoryEntry[],
  validity: GrantValidity | undefined,
  now: Date,
): IntroductionHistoryEntry[] {
  const newest = history[0];
  if (!validity || newest?.action !== 'grant' || newest.id !== validity.grantId) return history;
  const expiry = expiryOf(validity);
  if (!expiry || expiry.getTime() > now.getTime()) return history;
  return [
    { id: -validity.grantId, createdAt: expiry.toISOString(), action: 'lapse', comment: null },
    ...history,
  ];
}

/**
 * `history` is newest first; the introduction is valid when that newest entry is a grant that
 * has not lapsed; `expiresAt` is when that grant lapses or lapsed.
 */
function toIntroduction(
  user: { id: number; username: string },
  history: IntroductionHistoryEntry[],
  validity: GrantValidity | undefined,
  now: Date,
): Introduction {
  const entries = withLapse(history, validity, now);
  const granted = entries[0]?.action === 'grant';
  const expiry = history[0]?.action === 'grant' && validity ? expiryOf(validity) : null;
  return {
    receiverUserId: user.id,
    receiverUser: { id: user.id, username: user.username },
    history: entries,
    hasValidIntroduction: granted,
    expiresAt: expiry ? expiry.toISOString() : null,
  };
}

export type IntroductionsService = ReturnType<typeof createIntroductionsService>;
