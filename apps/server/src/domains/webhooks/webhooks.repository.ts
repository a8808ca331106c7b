import type { Webhook, WebhookMethod } from '@toolpass/contracts';
import type { Selectable } from 'kysely';
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

type Row = Selectable<WebhooksTable>;

const COLUMNS = [
  'id',
  'resource_id',
  'name',
  'url',
  'method',
  'headers',
  'in_use_template',
  'not_in_use_template',
  'takeover_template',
  'active',
  'send_on_start',
  'send_on_stop',
  'send_on_takeover',
  'retry_enabled',
  'max_retries',
  'retry_delay_ms',
  'signature_header',
  'secret_sealed',
  'created_at',
  'updated_at',
] as const;

function toStored(row: Row): StoredWebhook {
  return {
    id: row.id,
    resourceId: row.resource_id,
    name: row.name,
    url: row.url,
    method: row.method,
    headers: JSON.parse(row.headers) as Record<string, string>,
    inUseTemplate: row.in_use_template,
    notInUseTemplate: row.not_in_use_template,
    takeoverTemplate: row.takeover_template,
    active: readBool(row.active),
    sendOnStart: readBool(row.send_on_start),
    sendOnStop: readBool(row.send_on_stop),
    sendOnTakeover: readBool(row.send_on_takeover),
    retryEnabled: readBool(row.retry_enabled),
    maxRetries: row.max_retries,
    retryDelay: row.retry_delay_ms,
    signatureHeader: row.signature_header,
    secretSealed: row.secret_sealed,
    createdAt: readDate(row.created_at).toISOString(),
    updatedAt: readDate(row.updated_at).toISOString(),
  };
}

/** The one place camelCase settings become snake_case columns. */
function toColumns(settings: Partial<WebhookSettings>) {
  const columns: Partial<{
    name: string;
    url: string;
    method: WebhookMethod;
    headers: string;
    in_use_template: string;
    not_in_use_template: string;
    takeover_template: string;
    active: boolean;
    send_on_start: boolean;
    send_on_stop: boolean;
    send_on_takeover: boolean;
    retry_enabled: boolean;
    max_retries: number;
    retry_delay_ms: number;
    signature_header: string;
  }> = {};
  if (settings.name !== undefined) columns.name = settings.name;
  if (settings.url !== undefined) columns.url = settings.url;
  if (settings.method !== undefined) columns.method = settings.method;
  if (settings.headers !== undefined) columns.headers = JSON.stringify(settings.headers);
  if (settings.inUseTemplate !== undefined) columns.in_use_template = settings.inUseTemplate;
  if (settings.notInUseTemplate !== undefined) columns.not_in_use_template = settings.notInUseTemplate;
  if (settings.takeoverTemplate !== undefined) columns.takeover_template = settings.takeoverTemplate;
  if (settings.active !== undefined) columns.active = settings.active;
  if (settings.sendOnStart !== undefined) columns.send_on_start = settings.sendOnStart;
  if (settings.sendOnStop !== undefined) columns.send_on_stop = settings.sendOnStop;
  if (settings.sendOnTakeover !== undefined) columns.send_on_takeover = settings.sendOnTakeover;
  if (settings.retryEnabled !== undefined) columns.retry_enabled = settings.retryEnabled;
  if (settings.maxRetries !== undefined) columns.max_retries = settings.maxRetries;
  if (settings.retryDelay !== undefined) columns.retry_delay_ms = settings.retryDelay;
  if (settings.signatureHeader !== undefined) columns.signature_header = settings.signatureHeader;
  return columns;
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
          name: webhook.name,
          url: webhook.url,
          method: webhook.method,
          headers: JSON.stringify(webhook.headers),
          in_use_template: webhook.inUseTemplate,
          not_in_use_template: webhook.notInUseTemplate,
          takeover_template: webhook.takeoverTemplate,
          active: webhook.active,
          send_on_start: webhook.sendOnStart,
          send_on_stop: webhook.sendOnStop,
          send_on_takeover: webhook.sendOnTakeover,
          retry_enabled: webhook.retryEnabled,
          max_retries: webhook.maxRetries,
          retry_delay_ms: webhook.retryDelay,
          signature_header: webhook.signatureHeader,
          resource_id: webhook.resourceId,
          secret_sealed: webhook.secretSealed,
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
        .set({
          ...toColumns(changes),
          ...(changes.secretSealed !== undefined ? { secret_sealed: changes.secretSealed } : {}),
          updated_at: now,
        })
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
