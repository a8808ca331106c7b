import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseHandle, Dialect } from './database.ts';
import { isMissingTable } from './db-errors.ts';
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
import { emailTemplateLanguagesMigration } from './migrations/0016-email-template-languages.ts';
import { usageEndedByMigration } from './migrations/0017-usage-ended-by.ts';
import { pluginsMigration } from './migrations/0018-plugins.ts';
import { safetyRulesMigration } from './migrations/0019-safety-rules.ts';
import { auditLogMigration } from './migrations/0020-audit-log.ts';
import { housekeepingRunsMigration } from './migrations/0021-housekeeping-runs.ts';
import { bookingSettingsMigration } from './migrations/0022-booking-settings.ts';
import { bookingsMigration } from './migrations/0023-bookings.ts';
import { waitListMigration } from './migrations/0024-wait-list.ts';
import { automaticEndWarningsMigration } from './migrations/0025-automatic-end-warnings.ts';
import { searchTrigramIndexesMigration } from './migrations/0026-search-trigram-indexes.ts';
import { installChangeTriggers } from './pg-change-triggers.ts';

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
    '0016-email-template-languages': emailTemplateLanguagesMigration(dialect),
    '0017-usage-ended-by': usageEndedByMigration(),
    '0018-plugins': pluginsMigration(dialect),
    '0019-safety-rules': safetyRulesMigration(dialect),
    '0020-audit-log': auditLogMigration(dialect),
    '0021-housekeeping-runs': housekeepingRunsMigration(dialect),
    '0022-booking-settings': bookingSettingsMigration(),
    '0023-bookings': bookingsMigration(dialect),
    '0025-automatic-end-warnings': automaticEndWarningsMigration(dialect),
    '0026-search-trigram-indexes': searchTrigramIndexesMigration(dialect),
    '0024-wait-list': waitListMigration(dialect),
  };
}

/** Brings the schema up to the named migration, for tests of a migration's effect on old data. */
export async function migrateTo(handle: DatabaseHandle, migrationName: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateTo(migrationName);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/**
 * The names of the migrations the database records as applied; none before the first migration
 * (no table yet).
 * One read, where Kysely's migrator first inspects the schema: most starts find nothing to do,
 * and the server answers sooner (issue 31).
 */
async function appliedNames(handle: DatabaseHandle): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(handle.db);
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if (isMissingTable(error)) return new Set();
    throw error;
  }
}

/** This code's migrations the database has not recorded, by name. */
async function pendingNames(handle: DatabaseHandle, all: Record<string, Migration>): Promise<string[]> {
  const recorded = await appliedNames(handle);
  return Object.keys(all).filter((name) => !recorded.has(name));
}

/** Brings the schema up to date; called at every start, and by the test databases. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const all = migrations(handle.dialect);
  let applied: string[] = [];
  // Any missing name goes to the migrator. Names this version does not know (a newer instance
  // migrated) do not: migrations only add, so the previous version starts and keeps working
  // during a rolling upgrade, as the README says (Kysely's migrator would refuse to).
  if ((await pendingNames(handle, all)).length > 0) {
    const provider: MigrationProvider = { getMigrations: async () => all };
    const migrator = new Migrator({ db: handle.db, provider });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    applied = (results ?? [])
      .filter((result) => result.status === 'Success')
      .map((result) => result.migrationName);
  }
  if (handle.dialect === 'postgres') await installChangeTriggers(handle.db);
  return applied;
}

/** How many of this code's migrations the database has not run yet (readiness, restore). */
export async function pendingMigrationCount(handle: DatabaseHandle): Promise<number> {
  return (await pendingNames(handle, migrations(handle.dialect))).length;
}

/** The names of this code's migrations in order: a backup's schema version is one of them. */
export function knownMigrationNames(dialect: Dialect): string[] {
  return Object.keys(migrations(dialect)).sort();
}
