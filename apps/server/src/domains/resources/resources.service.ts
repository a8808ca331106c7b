import {
  type CreateResourceFields,
  type NewDomainEvent,
  type Resource,
  ResourceMessages,
  type ResourceStatusChange,
  type UpdateDocumentationBody,
  type UpdateResourceFields,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readDate } from '../../platform/db/db-values.ts';
import type { EventTransactions, RecordEvents } from '../../platform/events/event-transactions.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { ResourceImageStore } from './resource-image-store.ts';
import type { ResourceListFilter } from './resource-list-query.ts';
import type { ResourcesRepository } from './resources.repository.ts';

export const resourceNotFound = () => notFound(ResourceMessages.resourceNotFound);

/** A resource's own fields as the audit log compares them (groups have their own entries). */
const audited = ({ id: _id, groups: _groups, ...fields }: Resource) => fields;
const resourceTarget = (resource: Resource) => ({
  type: 'resource' as const,
  id: resource.id,
  name: resource.name,
});

/** Booking settings a form sets (decision 23); absent fields are left out, unchanged. */
const BOOKING_FIELDS = [
  'bookingMode',
  'bookingSlotMinutes',
  'bookingMinMinutes',
  'bookingMaxMinutes',
  'bookingHorizonDays',
  'bookingMaxHoursPerWeek',
] as const;

/** The safety rules a form sets (decision 21); absent fields are left out, unchanged. */
function rulesOf(fields: CreateResourceFields | UpdateResourceFields) {
  const booking = Object.fromEntries(
    BOOKING_FIELDS.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]]),
  ) as Partial<Pick<CreateResourceFields, (typeof BOOKING_FIELDS)[number]>>;
  return {
    ...booking,
    ...(fields.maxSessionMinutes !== undefined ? { maxSessionMinutes: fields.maxSessionMinutes } : {}),
    ...(fields.introductionValidForDays !== undefined
      ? { introductionValidForDays: fields.introductionValidForDays }
      : {}),
    ...(fields.introductionExpiresAfterUnusedDays !== undefined
      ? { introductionExpiresAfterUnusedDays: fields.introductionExpiresAfterUnusedDays }
      : {}),
  };
}

/** Resources, their images and documentation (spec 01 §3, spec 02 §2-§5). */
export function createResourcesService(deps: {
  db: Db;
  repo: ResourcesRepository;
  images: ResourceImageStore;
  clock: Clock;
  events: EventTransactions<NewDomainEvent>;
  audit: AuditLog;
  /** Told in the update's transaction when a resource's maximum session length changed. */
  sessionLimit?: { changed(tx: Db, resourceId: number): Promise<void> };
}) {
  async function require(db: Db, id: number): Promise<Resource> {
    const resource = await deps.repo.findById(db, id);
    if (!resource) throw resourceNotFound();
    return resource;
  }

  /** Stores a new image before the transaction; the caller removes it if the transaction fails. */
  async function storeImage(upload: Buffer | undefined): Promise<string | undefined> {
    if (!upload) return undefined;
    return deps.images.save(await deps.images.prepare(upload));
  }

  async function recordUpdate(
    tx: Db,
    record: RecordEvents<NewDomainEvent>,
    before: Resource,
  ): Promise<Resource> {
    const resource = await require(tx, before.id);
    await record([
      { type: 'resource.updated', data: { resourceId: before.id, resourceName: resource.name } },
    ]);
    const changes = diffFields(audited(before), audited(resource));
    if (Object.keys(changes).length > 0)
      await deps.audit.record(tx, { action: 'resource.updated', target: resourceTarget(resource), changes });
    return resource;
  }

  return {
    /** The resource, or 404; pass a transaction to read inside it. */
    get: (id: number, executor: Db = deps.db) => require(executor, id),

    async ensureExists(id: number, executor: Db = deps.db): Promise<void> {
      if (!(await deps.repo.exists(executor, id))) throw resourceNotFound();
    },

    findByIds: (ids: number[], executor: Db = deps.db) => deps.repo.findByIds(executor, ids),

    list: (filter: ResourceListFilter) => deps.repo.list(deps.db, filter),

    async create(fields: CreateResourceFields, image: Buffer | undefined): Promise<Resource> {
      const imageFilename = await storeImage(image);
      try {
        return await deps.events.transaction(async (tx, record) => {
          const id = await deps.repo.insert(
            tx,
            {
              name: fields.name,
              description: fields.description ?? null,
              allowTakeOver: fields.allowTakeOver ?? false,
              imageFilename: imageFilename ?? null,
              ...rulesOf(fields),
            },
            deps.clock.now(),
          );
          const resource = await require(tx, id);
          await record([{ type: 'resource.created', data: { resourceId: id, resourceName: resource.name } }]);
          await deps.audit.record(tx, {
            action: 'resource.created',
            target: resourceTarget(resource),
            changes: diffFields({}, audited(resource)),
          });
          return resource;
        });
      } catch (error) {
        await deps.images.remove(imageFilename);
        throw error;
      }
    },

    /** A new image replaces the old file; deleteImage removes it. Absent fields stay as they are. */
    async update(id: number, fields: UpdateResourceFields, image: Buffer | undefined): Promise<Resource> {
      // Checked first so a request for a missing resource does not pay for image processing.
      if (!(await deps.repo.exists(deps.db, id))) throw resourceNotFound();
      const imageFilename = await storeImage(image);
      const newImage = imageFilename ?? (fields.deleteImage ? null : undefined);
      let result: { resource: Resource; previousImageFilename: string | null };
      try {
        result = await deps.events.transaction(async (tx, record) => {
          const before = await require(tx, id);
          const updated = await deps.repo.update(
            tx,
            id,
            {
              ...(fields.name !== undefined ? { name: fields.name } : {}),
              ...(fields.description !== undefined ? { description: fields.description } : {}),
              ...(fields.allowTakeOver !== undefined ? { allowTakeOver: fields.allowTakeOver } : {}),
              ...(newImage !== undefined ? { imageFilename: newImage } : {}),
              ...rulesOf(fields),
            },
            deps.clock.now(),
          );
          if (!updated) throw resourceNotFound();
          const resource = await recordUpdate(tx, record, before);
          // The running session ends at the new limit, or runs on without one (decision 21).
          if (resource.maxSessionMinutes !== before.maxSessionMinutes) {
            await deps.sessionLimit?.changed(tx, id);
          }
          return {
            resource,
            previousImageFilename: updated.previousImageFilename,
          };
        });
      } catch (error) {
        await deps.images.remove(imageFilename);
        throw error;
      }
      // The old file goes only after the commit: a rollback must leave the stored name valid.
      if (newImage !== undefined) await deps.images.remove(result.previousImageFilename);
      return result.resource;
    },

    /** Sets one kind of documentation and clears the other (spec 02 §4). */
    async updateDocumentation(id: number, body: UpdateDocumentationBody): Promise<Resource> {
      const type = body.documentationType;
      return deps.events.transaction(async (tx, record) => {
        const before = await require(tx, id);
        const found = await deps.repo.updateDocumentation(
          tx,
          id,
          {
            documentationType: type,
            documentationMarkdown: type === 'markdown' ? (body.documentationMarkdown ?? null) : null,
            documentationUrl: type === 'url' ? (body.documentationUrl?.trim() ?? null) : null,
          },
          deps.clock.now(),
        );
        if (!found) throw resourceNotFound();
        return recordUpdate(tx, record, before);
      });
    },

    /**
     * Marks the resource out of order (a reason) or back in service (null), in the caller's
     * transaction, with its event; the usage service runs it so that ending the running session
     * belongs to the same transaction (decision 21).
     */
    async setOutOfOrder(
      tx: Db,
      record: RecordEvents<NewDomainEvent>,
      id: number,
      actor: { id: number; username: string },
      reason: string | null,
    ): Promise<Resource> {
      const before = await require(tx, id);
      if (!(await deps.repo.setOutOfOrder(tx, id, { reason, userId: actor.id }, deps.clock.now()))) {
        throw resourceNotFound();
      }
      const resource = await require(tx, id);
      // Safety settings are administrative changes too (issue 32): the reason before and after.
      await deps.audit.record(tx, {
        action: reason === null ? 'resource.back-in-service' : 'resource.out-of-order',
        target: resourceTarget(resource),
        changes: { outOfOrder: { before: before.outOfOrder?.reason ?? null, after: reason } },
      });
      await record([
        {
          type: reason === null ? 'resource.back-in-service' : 'resource.out-of-order',
          data: {
            resourceId: id,
            resourceName: resource.name,
            reason,
            by: { id: actor.id, username: actor.username },
          },
        },
      ]);
      return resource;
    },

    /** The resource's out-of-order marks and returns to service, newest first. */
    async statusChanges(id: number): Promise<ResourceStatusChange[]> {
      await require(deps.db, id);
      const rows = await deps.repo.statusChanges(deps.db, id);
      return rows.map((row) => ({
        id: row.id,
        outOfOrder: readBool(row.out_of_order),
        reason: row.reason,
        by:
          row.user_id === null || row.username === null ? null : { id: row.user_id, username: row.username },
        createdAt: readDate(row.created_at).toISOString(),
      }));
    },

    /** Removes the resource with its sessions, introductions and image file. */
    async delete(id: number): Promise<void> {
      const deleted = await deps.events.transaction(async (tx, record) => {
        const before = await require(tx, id);
        const row = await deps.repo.delete(tx, id);
        if (!row) throw resourceNotFound();
        await deps.audit.record(tx, {
          action: 'resource.deleted',
          target: resourceTarget(before),
          changes: diffFields(audited(before), {}),
        });
        await record([{ type: 'resource.deleted', data: { resourceId: id, resourceName: row.name } }]);
        return row;
      });
      await deps.images.remove(deleted.imageFilename);
    },
  };
}

export type ResourcesService = ReturnType<typeof createResourcesService>;
