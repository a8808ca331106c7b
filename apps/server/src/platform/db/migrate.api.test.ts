import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/test-database.ts';
import { migrateTo, migrateToLatest } from './migrate.ts';

describe.each(TEST_DIALECTS)('migrations on %s', (dialect) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('applies the missing migrations, then finds nothing to do, and starts on a newer schema', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0020-audit-log');
    const applied = await migrateToLatest(database);
    expect(applied).toContain('0026-search-trigram-indexes');
    expect(applied).not.toContain('0020-audit-log');
    expect(await migrateToLatest(database)).toEqual([]);
    // A newer instance migrated further: this version still starts (a rolling upgrade, README).
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-version', '2030-01-01T00:00:00.000Z')`.execute(
      database.db,
    );
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it('fills the search text of resources made before the column existed', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0005-outbox');
    const now = new Date();
    // The schema as it was before the search text, which the app's types no longer describe.
    const old = database.db as unknown as Kysely<{
      resources: {
        name: string;
        description: string | null;
        allow_take_over: boolean;
        created_at: Date;
        updated_at: Date;
      };
    }>;
    await old
      .insertInto('resources')
      .values([
        {
          name: 'Ölfräse',
          description: 'Für GROBE Späne',
          allow_take_over: false,
          created_at: now,
          updated_at: now,
        },
        { name: 'Band saw', description: null, allow_take_over: false, created_at: now, updated_at: now },
      ])
      .execute();

    await migrateToLatest(database);
    const rows = await database.db
      .selectFrom('resources')
      .select(['name', 'search_text'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: 'Ölfräse', search_text: 'ölfräse\nfür grobe späne' },
      { name: 'Band saw', search_text: 'band saw\n' },
    ]);
  });

  it('moves queued mails into delivery jobs, keeping their attempts and errors', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0006-read-indexes-and-search-text');
    const created = new Date('2026-11-20T10:00:00.000Z');
    const old = database.db as unknown as Kysely<{
      mail_queue: {
        recipient: string;
        subject: string;
        html: string;
        text: string;
        attempts: number;
        next_attempt_at: Date;
        last_error: string | null;
        created_at: Date;
      };
    }>;
    const mail = { subject: 'Confirm your email', html: '<p>link</p>', text: 'link', created_at: created };
    await old
      .insertInto('mail_queue')
      .values([
        {
          ...mail,
          recipient: 'due@example.org',
          attempts: 2,
          next_attempt_at: created,
          last_error: 'ECONNREFUSED',
        },
        {
          ...mail,
          recipient: 'spent@example.org',
          attempts: 8,
          next_attempt_at: new Date('9999-12-31T00:00:00.000Z'),
          last_error: '550 mailbox unavailable',
        },
      ])
      .execute();

    await migrateToLatest(database);
    const jobs = await database.db
      .selectFrom('delivery_jobs')
      .select(['target_kind', 'state', 'attempts', 'last_error', 'payload'])
      .orderBy('id')
      .execute();
    expect(jobs.map((job) => ({ ...job, payload: JSON.parse(job.payload ?? 'null') }))).toEqual([
      {
        target_kind: 'mail',
        state: 'pending',
        attempts: 2,
        last_error: 'ECONNREFUSED',
        payload: { to: 'due@example.org', subject: 'Confirm your email', html: '<p>link</p>', text: 'link' },
      },
      {
        target_kind: 'mail',
        state: 'failed',
        attempts: 8,
        last_error: '550 mailbox unavailable',
        payload: {
          to: 'spent@example.org',
          subject: 'Confirm your email',
          html: '<p>link</p>',
          text: 'link',
        },
      },
    ]);
  });
  it('keeps the templates saved before languages existed as the English ones', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0015-delivery-subscriptions');
    const now = new Date();
    // The table as it was, keyed by type alone; the app's types now describe the new one.
    const old = database.db as unknown as Kysely<{
      email_templates: { type: string; subject: string; body: string; updated_at: Date };
    }>;
    await old
      .insertInto('email_templates')
      .values({ type: 'reset-password', subject: 'Edited', body: '<mjml></mjml>', updated_at: now })
      .execute();
    await migrateToLatest(database);
    const rows = await database.db
      .selectFrom('email_templates')
      .select(['type', 'language', 'subject'])
      .execute();
    expect(rows).toEqual([{ type: 'reset-password', language: 'en', subject: 'Edited' }]);
    // A German one of the same type is a row of its own.
    await database.db
      .insertInto('email_templates')
      .values({ type: 'reset-password', language: 'de', subject: 'Bearbeitet', body: '', updated_at: now })
      .execute();
    await expect(
      database.db
        .insertInto('email_templates')
        .values({ type: 'reset-password', language: 'de', subject: 'Doppelt', body: '', updated_at: now })
        .execute(),
    ).rejects.toThrow();
  });

  it('subscribes the webhooks and MQTT configurations made before subscriptions existed', async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    await migrateTo(database, '0014-sso-sign-on-codes');
    const now = new Date();
    const { db } = database;
    const resource = await db
      .insertInto('resources')
      .values({
        name: 'Laser',
        description: null,
        image_filename: null,
        allow_take_over: false,
        documentation_type: null,
        documentation_markdown: null,
        documentation_url: null,
        search_text: 'laser\n',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const server = await db
      .insertInto('mqtt_servers')
      .values({
        name: 'Broker',
        host: '127.0.0.1',
        port: 1883,
        client_id: null,
        username: null,
        password: null,
        use_tls: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const configuration = await db
      .insertInto('mqtt_configurations')
      .values({
        resource_id: resource.id,
        server_id: server.id,
        name: 'Relay',
        in_use_topic: 'lab/in-use',
        in_use_message: 'on',
        not_in_use_topic: 'lab/available',
        not_in_use_message: 'off',
        takeover_topic: null,
        takeover_message: null,
        on_takeover_send_start: true,
        on_takeover_send_stop: true,
        on_takeover_send_takeover: false,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const webhook = (name: string, active: boolean, flags: [boolean, boolean, boolean]) => ({
      resource_id: resource.id,
      name,
      url: 'https://relay.example.org/hook',
      method: 'POST' as const,
      headers: '{}',
      in_use_template: '{}',
      not_in_use_template: '{}',
      takeover_template: '{}',
      active,
      send_on_start: flags[0],
      send_on_stop: flags[1],
      send_on_takeover: flags[2],
      retry_enabled: false,
      max_retries: 3,
      retry_delay_ms: 1000,
      signature_header: 'X-Webhook-Signature',
      secret_sealed: 'sealed',
      created_at: now,
      updated_at: now,
    });
    const [startsOnly, switchedOff] = await db
      .insertInto('webhooks')
      .values([webhook('Starts only', true, [true, false, false]), webhook('Off', false, [true, true, true])])
      .returning('id')
      .execute();

    await migrateToLatest(database);
    const rows = await db
      .selectFrom('delivery_subscriptions')
      .select(['resource_id', 'event_type', 'target_kind', 'target_id'])
      .execute();
    expect(rows.map((row) => `${row.target_kind} ${row.target_id} ${row.event_type}`).sort()).toEqual([
      `mqtt ${configuration.id} usage.ended`,
      `mqtt ${configuration.id} usage.started`,
      `mqtt ${configuration.id} usage.taken-over`,
      `webhook ${startsOnly?.id} usage.started`,
    ]);
    expect(switchedOff).toBeDefined();
    expect(new Set(rows.map((row) => row.resource_id))).toEqual(new Set([resource.id]));
  });
});
