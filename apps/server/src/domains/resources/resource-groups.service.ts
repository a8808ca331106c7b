import {
  type NewDomainEvent,
  type Resource,
  type ResourceGroup,
  type ResourceGroupBody,
  ResourceMessages,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Outbox } from '../../platform/events/outbox.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ResourceGroupsRepository } from './resource-groups.repository.ts';
import type { ResourcesRepository } from './resources.repository.ts';
import { resourceNotFound } from './resources.service.ts';

export const resourceGroupNotFound = () => notFound(ResourceMessages.resourceGroupNotFound);

/** Resource groups and their members (spec 01 §2, §7). */
export function createResourceGroupsService(deps: {
  db: Db;
  repo: ResourceGroupsRepository;
  resources: ResourcesRepository;
  clock: Clock;
  outbox: Outbox<NewDomainEvent>;
  onEventsWritten: () => void;
}) {
  async function withEvents<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await deps.db.transaction().execute(work);
    deps.onEventsWritten();
    return result;
  }

  async function require(db: Db, id: number): Promise<ResourceGroup> {
    const group = await deps.repo.findById(db, id);
    if (!group) throw resourceGroupNotFound();
    return group;
  }

  /** A resource's groups are part of the resource, so membership changes are resource updates. */
  async function recordResourceUpdates(tx: Db, resourceIds: number[]): Promise<Resource[]> {
    const resources = await deps.resources.findByIds(tx, resourceIds);
    await deps.outbox.add(
      tx,
      resources.map((resource) => ({
        type: 'resource.updated',
        data: { resourceId: resource.id, resource },
      })),
    );
    return resources;
  }

  async function changeMembership(groupId: number, resourceId: number, change: 'add' | 'remove') {
    return withEvents(async (tx) => {
      await require(tx, groupId);
      if (!(await deps.resources.exists(tx, resourceId))) throw resourceNotFound();
      if (change === 'add') await deps.repo.addMember(tx, groupId, resourceId);
      else await deps.repo.removeMember(tx, groupId, resourceId);
      const [resource] = await recordResourceUpdates(tx, [resourceId]);
      if (!resource) throw resourceNotFound();
      return resource;
    });
  }

  return {
    get: (id: number, executor: Db = deps.db) => require(executor, id),
    list: () => deps.repo.list(deps.db),
    groupIdsOf: (resourceId: number, executor: Db = deps.db) => deps.repo.groupIdsOf(executor, resourceId),
    resourceIdsIn: (groupIds: number[], executor: Db = deps.db) =>
      deps.repo.resourceIdsIn(executor, groupIds),

    create: (body: ResourceGroupBody) => deps.repo.insert(deps.db, body, deps.clock.now()),

    async update(id: number, body: ResourceGroupBody): Promise<ResourceGroup> {
      const group = await deps.repo.update(deps.db, id, body, deps.clock.now());
      if (!group) throw resourceGroupNotFound();
      return group;
    },

    /** The resources stay; they leave the group, which their update events say. */
    async delete(id: number): Promise<void> {
      await withEvents(async (tx) => {
        const members = await deps.repo.resourceIdsIn(tx, [id]);
        if (!(await deps.repo.delete(tx, id))) throw resourceGroupNotFound();
        await recordResourceUpdates(tx, members);
      });
    },

    addResource: (groupId: number, resourceId: number) => changeMembership(groupId, resourceId, 'add'),
    removeResource: (groupId: number, resourceId: number) => changeMembership(groupId, resourceId, 'remove'),
  };
}

export type ResourceGroupsService = ReturnType<typeof createResourceGroupsService>;
