import type { Webhook, WebhookOverview } from '@toolpass/contracts';
import { type Selectable, sql } from 'kysely';
import { columnMap } from '../../platform/db/column-map.ts';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readDate } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database, WebhooksTable } from '../../platform/db/schema.ts';

/** A webhook's settings as a manager sets them: what create writes and update changes. */
export type WebhookSettings = Omit<
  Webhook,
  'id' | 'resourceId' | 'credentialHeaders' | 'createdAt' | 'updatedAt'
>;

/**
 * A webhook with its sealed secret, for the deliveries and tests that sign with it; credential
 * headers hold their values sealed (webhook-headers.ts).
 */
export type StoredWebhook = Omit<Webhook, 'credentialHeaders'> & { secretSealed: string };

/** Every field but the timestamps, which the repository sets itself. */
const webhooks = columnMap<WebhooksTable, Omit<StoredWebhook, 'createdAt' | 'updatedAt'>>()({
  id: 'id',
  resourceId: 'resource_id',
  name: 'name',
  url: 'url',
  method: 'method',
  headers: {
    column: 'headers',
    read: (stored) => JSON.parse(stored) as Record<string, string>,
    write: (headers) => JSON.stringify(headers),
  },
  inUseTemplate: 'in_use_template',
  notInUseTemplate: 'not_in_use_template',
  takeoverTemplate: 'takeover_template',
  active: { column: 'active', read: readBool },
  sendOnStart: { column: 'send_on_start', read: readBool },
  sendOnStop: { column: 'send_on_stop', read: readBool },
  sendOnTakeover: { column: 'send_on_takeover', read: readBool },
  sendOnBooking: { column: 'send_on_booking', read: readBool },
  retryEnabled: { column: 'retry_enabled', read: readBool },
  maxRetries: 'max_retries',
  retryDelay: 'retry_delay_ms',
  signatureHeader: 'signature_header',
  secretSealed: 'secret_sealed',
});

const COLUMNS = [...webhooks.columns, 'created_at', 'updated_at'] as const;

type Row = Pick<Selectable<WebhooksTable>, (typeof COLUMNS)[number]>;

function toStored(row: Row): StoredWebhook {
  return {
    ...webhooks.read(row),
    createdAt: readDate(row.created_at).toISOString(),
    updatedAt: readDate(row.updated_at).toISOString(),
  };
}

/** The only SQL of webhooks. */
export function createWebhooksRepository() {
  // Every delivery reads its webhook by id: compiled once too.
  let byId: ReturnType<typeof compileById> | undefined;
  function compileById(db: Db) {
    return reusableQuery<Database, { id: number }, Row>(db, ['id'], (kysely, p) =>
      kysely.selectFrom('webhooks').select(COLUMNS).where('id', '=', p.id),
    );
  }

  return {
    async insert(
      db: Db,
      webhook: WebhookSettings & { resourceId: number; secretSealed: string },
      now: Date,
    ): Promise<StoredWebhook> {
      const row = await db
        .insertInto('webhooks')
        .values({
          ...webhooks.insert(webhook),
          created_at: now,
          updated_at: now,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toStored(row);
    },

    /** The webhook with this id, or undefined; with `resourceId`, only when it belongs to that resource. */
    async find(db: Db, id: number, resourceId?: number): Promise<StoredWebhook | undefined> {
      if (resourceId === undefined) {
        byId ??= compileById(db);
        const [found] = await byId(db, { id });
        return found ? toStored(found) : undefined;
      }
      const row = await db
        .selectFrom('webhooks')
        .select(COLUMNS)
        .where('id', '=', id)
        .$if(resourceId !== undefined, (query) => query.where('resource_id', '=', resourceId as number))
        .executeTakeFirst();
      return row ? toStored(row) : undefined;
    },

    /** Every resource's webhooks with the resource's name, by resource name, then name. */
    async listAllWithResource(db: Db): Promise<WebhookOverview[]> {
      const rows = await db
        .selectFrom('webhooks as w')
        .innerJoin('resources as r', 'r.id', 'w.resource_id')
        .select([
          'w.id',
          'w.name',
          'w.url',
          'w.method',
          'w.active',
          'r.id as resource_id',
          'r.name as resource_name',
        ])
        .orderBy(sql`lower(r.name)`)
        .orderBy('r.id')
        .orderBy(sql`lower(w.name)`)
        .orderBy('w.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        resource: { id: row.resource_id, name: row.resource_name },
        name: row.name,
        url: row.url,
        method: row.method as WebhookOverview['method'],
        active: readBool(row.active),
      }));
    },

    async listForResource(db: Db, resourceId: number): Promise<StoredWebhook[]> {
      const rows = await db
        .selectFrom('webhooks')
        .select(COLUMNS)
        .where('resource_id', '=', resourceId)
        .orderBy('id')
        .execute();
      return rows.map(toStored);
    },

    /** Changes the given settings (and the sealed secret, when given); undefined when there is no such webhook. */
    async update(
      db: Db,
      resourceId: number,
      id: number,
      changes: Partial<WebhookSettings> & { secretSealed?: string },
      now: Date,
    ): Promise<StoredWebhook | undefined> {
      const row = await db
        .updateTable('webhooks')
        .set({ ...webhooks.update(changes), updated_at: now })
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toStored(row) : undefined;
    },

    async delete(db: Db, resourceId: number, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('webhooks')
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
