import {
  type NewDomainEvent,
  type ResourceGroup,
  type ResourceGroupBody,
  ResourceMessages,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { EventTransactions } from '../../platform/events/event-transactions.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ResourceGroupsRepository } from './resource-groups.repository.ts';
import type { ResourcesRepository } from './resources.repository.ts';
import { resourceNotFound } from './resources.service.ts';

export const resourceGroupNotFound = () => notFound(ResourceMessages.resourceGroupNotFound);

const audited = ({ id: _id, ...fields }: ResourceGroup) => fields;
const groupTarget = (group: ResourceGroup) => ({
  type: 'resource-group' as const,
  id: group.id,
  name: group.name,
});

/** Resource groups and their members (spec 01 §2, §7). */
export function createResourceGroupsService(deps: {
  db: Db;
  repo: ResourceGroupsRepository;
  resources: ResourcesRepository;
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  audit: AuditLog;
}) {
  async function require(db: Db, id: number): Promise<ResourceGroup> {
    const group = await deps.repo.findById(db, id);
    if (!group) throw resourceGroupNotFound();
    return group;
  }

  async function changeMembership(groupId: number, resourceId: number, change: 'add' | 'remove') {
    return deps.events.transaction(async (tx, record) => {
      const group = await require(tx, groupId);
      if (!(await deps.resources.exists(tx, resourceId))) throw resourceNotFound();
      const changed =
        change === 'add'
          ? await deps.repo.addMember(tx, groupId, resourceId)
          : await deps.repo.removeMember(tx, groupId, resourceId);
      const resource = await deps.resources.findById(tx, resourceId);
      if (!resource) throw resourceNotFound();
      // Adding a member twice, or removing a non-member, changes nothing and announces nothing.
      if (changed) {
        await record([
          {
            type: change === 'add' ? 'resource-group.resource-added' : 'resource-group.resource-removed',
            data: { groupId, resourceId },
          },
        ]);
        await deps.audit.record(tx, {
          action: change === 'add' ? 'resource-group.resource-added' : 'resource-group.resource-removed',
          target: groupTarget(group),
          changes: {
            resource:
              change === 'add'
                ? { before: null, after: resource.name }
                : { before: resource.name, after: null },
          },
        });
      }
      return resource;
    });
  }

  return {
    get: (id: number, executor: Db = deps.db) => require(executor, id),
    list: () => deps.repo.list(deps.db),
    resourceIdsIn: (groupIds: number[], executor: Db = deps.db) =>
      deps.repo.resourceIdsIn(executor, groupIds),

    create: (body: ResourceGroupBody) =>
      deps.db.transaction().execute(async (tx) => {
        const group = await deps.repo.insert(tx, body, deps.clock.now());
        await deps.audit.record(tx, {
          action: 'resource-group.created',
          target: groupTarget(group),
          changes: diffFields({}, audited(group)),
        });
        return group;
      }),

    /** Members show the group's name, so its streams hear of a rename. */
    async update(id: number, body: ResourceGroupBody): Promise<ResourceGroup> {
      return deps.events.transaction(async (tx, record) => {
        const before = await require(tx, id);
        const group = await deps.repo.update(tx, id, body, deps.clock.now());
        if (!group) throw resourceGroupNotFound();
        const changes = diffFields(audited(before), audited(group));
        if (Object.keys(changes).length > 0)
          await deps.audit.record(tx, {
            action: 'resource-group.updated',
            target: groupTarget(group),
            changes,
          });
        const resourceIds = await deps.repo.resourceIdsIn(tx, [id]);
        await record([
          { type: 'resource-group.updated', data: { groupId: id, groupName: group.name, resourceIds } },
        ]);
        return group;
      });
    },

    /** The resources stay; they leave the group, which the event tells each of their streams. */
    async delete(id: number): Promise<void> {
      await deps.events.transaction(async (tx, record) => {
        const group = await require(tx, id);
        const resourceIds = await deps.repo.resourceIdsIn(tx, [id]);
        if (!(await deps.repo.delete(tx, id))) throw resourceGroupNotFound();
        await deps.audit.record(tx, {
          action: 'resource-group.deleted',
          target: groupTarget(group),
          changes: diffFields(audited(group), {}),
        });
        await record([
          { type: 'resource-group.deleted', data: { groupId: id, groupName: group.name, resourceIds } },
        ]);
      });
    },

    addResource: (groupId: number, resourceId: number) => changeMembership(groupId, resourceId, 'add'),
    removeResource: (groupId: number, resourceId: number) => changeMembership(groupId, resourceId, 'remove'),
  };
}

export type ResourceGroupsService = ReturnType<typeof createResourceGroupsService>;
