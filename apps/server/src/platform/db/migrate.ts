import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseHandle, Dialect } from './database.ts';
import { accountsMigration } from './migrations/0001-accounts.ts';
import { resourcesMigration } from './migrations/0002-resources.ts';
import { usageSessionsMigration } from './migrations/0003-usage-sessions.ts';
import { introductionsMigration } from './migrations/0004-introductions.ts';
import { outboxMigration } from './migrations/0005-outbox.ts';
import { readIndexesMigration } from './migrations/0006-read-indexes-and-search-text.ts';
import { deliveryJobsMigration } from './migrations/0007-delivery-jobs.ts';
import { userLanguageMigration } from './migrations/0008-user-language.ts';
import { mqttMigration } from './migrations/0009-mqtt.ts';
import { webhooksMigration } from './migrations/0010-webhooks.ts';
import { usageStartIndexMigration } from './migrations/0011-usage-start-index.ts';
import { ssoMigration } from './migrations/0012-sso.ts';
import { readersMigration } from './migrations/0013-readers.ts';
import { ssoSignOnCodesMigration } from './migrations/0014-sso-sign-on-codes.ts';
import { deliverySubscriptionsMigration } from './migrations/0015-delivery-subscriptions.ts';
import { safetyRulesMigration } from './migrations/0019-safety-rules.ts';

/** Every migration in order; the key is the name stored in the migrations table. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-accounts': accountsMigration(dialect),
    '0002-resources': resourcesMigration(dialect),
    '0003-usage-sessions': usageSessionsMigration(dialect),
    '0004-introductions': introductionsMigration(dialect),
    '0005-outbox': outboxMigration(dialect),
    '0006-read-indexes-and-search-text': readIndexesMigration(),
    '0007-delivery-jobs': deliveryJobsMigration(dialect),
    '0008-user-language': userLanguageMigration(),
    '0009-mqtt': mqttMigration(dialect),
    '0010-webhooks': webhooksMigration(dialect),
    '0011-usage-start-index': usageStartIndexMigration(),
    '0012-sso': ssoMigration(dialect),
    '0013-readers': readersMigration(dialect),
    '0014-sso-sign-on-codes': ssoSignOnCodesMigration(dialect),
    '0015-delivery-subscriptions': deliverySubscriptionsMigration(),
    '0019-safety-rules': safetyRulesMigration(dialect),
  };
}

/** Brings the schema up to the named migration, for tests of a migration's effect on old data. */
export async function migrateTo(handle: DatabaseHandle, migrationName: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateTo(migrationName);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Brings the schema up to date; called at every start, and by the test databases. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
