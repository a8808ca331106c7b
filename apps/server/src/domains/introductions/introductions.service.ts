import {
  type Introducer,
  type Introduction,
  type IntroductionAction,
  type IntroductionHistoryEntry,
  Messages,
  type NewDomainEvent,
  ResourceMessages,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../../platform/events/outbox.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { ResourceGroupsService } from '../resources/resource-groups.service.ts';
import type { ResourcesService } from '../resources/resources.service.ts';
import type { UserAccount } from '../users/users.repository.ts';
import type { IntroductionScope, IntroductionsRepository } from './introductions.repository.ts';
import { mayIntroduceToGroup, mayIntroduceToResource, type ResourceAccess } from './resource-access.ts';

/** Introducers and introductions per resource and per group, and who may do what (spec 02 §3-§8). */
export function createIntroductionsService(deps: {
  db: Db;
  repo: IntroductionsRepository;
  resources: ResourcesService;
  groups: ResourceGroupsService;
  users: { findById(id: number): Promise<UserAccount | undefined> };
  clock: Clock;
  outbox: Outbox<NewDomainEvent>;
  onEventsWritten: () => void;
}) {
  async function requireScope(scope: IntroductionScope, executor: Db = deps.db): Promise<void> {
    if ('resourceId' in scope) await deps.resources.ensureExists(scope.resourceId, executor);
    else await deps.groups.get(scope.groupId, executor);
  }

  async function requireUser(userId: number): Promise<UserAccount> {
    const user = await deps.users.findById(userId);
    if (!user) throw notFound(Messages.userNotFound);
    return user;
  }

  /** Three queries whatever the number of groups: the resource's groups, then all facts at once. */
  async function accessTo(
    user: UserAccount,
    resourceId: number,
    executor: Db = deps.db,
  ): Promise<ResourceAccess> {
    const groupIds = await deps.groups.groupIdsOf(resourceId, executor);
    const facts = await deps.repo.accessFacts(executor, user.id, resourceId, groupIds);
    return { canManageResources: user.permissions.canManageResources, ...facts };
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
    action: IntroductionAction,
    comment: string | null,
  ): Promise<Introduction> {
    await requireIntroducePermission(actor, scope);
    const receiver = await requireUser(receiverUserId);
    const introduction = await deps.db.transaction().execute(async (tx) => {
      const entry = await deps.repo.addEntry(tx, {
        scope,
        receiverUserId,
        givenByUserId: actor.id,
        action,
        comment,
        now: deps.clock.now(),
      });
      const resourceIds =
        'resourceId' in scope ? [scope.resourceId] : await deps.groups.resourceIdsIn([scope.groupId], tx);
      await deps.outbox.add(tx, [
        {
          type: action === 'grant' ? 'introduction.granted' : 'introduction.revoked',
          data: {
            resourceId: 'resourceId' in scope ? scope.resourceId : null,
            groupId: 'groupId' in scope ? scope.groupId : null,
            resourceIds,
            receiverUser: { id: receiver.id, username: receiver.username },
            entry,
          },
        },
      ]);
      const history = await deps.repo.history(tx, scope, receiverUserId);
      return toIntroduction(receiver, history);
    });
    deps.onEventsWritten();
    return introduction;
  }

  return {
    accessTo,

    /**
     * Resources the user may use through introductions or as an introducer (not counting
     * canManageResources): three queries whatever the number of groups.
     */
    async usableResourceIds(userId: number): Promise<number[]> {
      const scopes = await deps.repo.usableScopes(deps.db, userId);
      const viaGroups = await deps.groups.resourceIdsIn(scopes.groupIds);
      return [...new Set([...scopes.resourceIds, ...viaGroups])];
    },

    // ---- introducers ----

    async listIntroducers(scope: IntroductionScope): Promise<Introducer[]> {
      await requireScope(scope);
      return deps.repo.listIntroducers(deps.db, scope);
    },

    /** For a resource, an introducer of one of its groups counts too: they may introduce to it. */
    async isIntroducer(scope: IntroductionScope, userId: number): Promise<boolean> {
      await requireScope(scope);
      if ('groupId' in scope) return deps.repo.isIntroducer(deps.db, scope, userId);
      const groupIds = await deps.groups.groupIdsOf(scope.resourceId);
      const facts = await deps.repo.accessFacts(deps.db, userId, scope.resourceId, groupIds);
      return facts.isIntroducer || facts.isGroupIntroducer;
    },

    async grantIntroducer(scope: IntroductionScope, userId: number): Promise<Introducer> {
      await requireScope(scope);
      const user = await requireUser(userId);
      await deps.repo.addIntroducer(deps.db, scope, user.id, deps.clock.now());
      const introducers = await deps.repo.listIntroducers(deps.db, scope);
      const introducer = introducers.find((entry) => entry.userId === user.id);
      if (!introducer) throw notFound(Messages.userNotFound);
      return introducer;
    },

    async revokeIntroducer(scope: IntroductionScope, userId: number): Promise<void> {
      await requireScope(scope);
      await requireUser(userId);
      await deps.repo.removeIntroducer(deps.db, scope, userId);
    },

    // ---- introductions ----

    /** Everyone with an introduction history in the scope, sorted by username, in one query. */
    async listIntroductions(actor: UserAccount, scope: IntroductionScope): Promise<Introduction[]> {
      await requireIntroducePermission(actor, scope);
      const entries = await deps.repo.entriesOf(deps.db, scope);
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
        .map(({ user, history }) => toIntroduction(user, history))
        .sort((a, b) => a.receiverUser.username.localeCompare(b.receiverUser.username));
    },

    async history(
      actor: UserAccount,
      scope: IntroductionScope,
      userId: number,
    ): Promise<IntroductionHistoryEntry[]> {
      await requireIntroducePermission(actor, scope);
      await requireUser(userId);
      return deps.repo.history(deps.db, scope, userId);
    },

    grant: (actor: UserAccount, scope: IntroductionScope, userId: number, comment: string | null) =>
      changeIntroduction(actor, scope, userId, 'grant', comment),

    revoke: (actor: UserAccount, scope: IntroductionScope, userId: number, comment: string | null) =>
      changeIntroduction(actor, scope, userId, 'revoke', comment),
  };
}

/** `history` is newest first; the introduction is valid when that newest entry is a grant. */
function toIntroduction(
  user: { id: number; username: string },
  history: IntroductionHistoryEntry[],
): Introduction {
  return {
    receiverUserId: user.id,
    receiverUser: { id: user.id, username: user.username },
    history,
    hasValidIntroduction: history[0]?.action === 'grant',
  };
}

export type IntroductionsService = ReturnType<typeof createIntroductionsService>;
