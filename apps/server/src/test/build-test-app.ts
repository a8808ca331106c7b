import type { SystemPermissions } from '@toolpass/contracts';
import { type AppDeps, buildApp } from '../app.ts';
import type { Config } from '../config/config.ts';
import { createAccountsRepository } from '../domains/users/accounts.repository.ts';
import type { ScryptParams } from '../platform/crypto/password.ts';
import { hashPassword } from '../platform/crypto/password.ts';
import type { Dialect } from '../platform/db/database.ts';
import type { UserAccount } from '../platform/identity/user-account.ts';
import { createLogger } from '../platform/logging/logger.ts';
import { parseAllowedHosts } from '../platform/net/allowed-hosts.ts';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Tests hash with a cheap scrypt cost: the code path is the production one, only N is smaller.
 * One test checks that the app without this override stores the production parameters.
 */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
export const TEST_PASSWORD = 'correct horse battery';
export const PUBLIC_URL = 'http://toolpass.test';

let sequence = 0;
/** A name no other test of this run uses. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${process.pid}x${sequence}x${Math.random().toString(36).slice(2, 6)}`;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The configuration of a test app on a database, sending mail to `smtpUrl`. */
export function testAppConfig(
  database: { dataDir: string; databaseUrl: string | undefined },
  smtpUrl: string | undefined,
): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: PUBLIC_URL,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    smtpUrl,
    mailFrom: 'Toolpass <toolpass@toolpass.test>',
    secretKey: 'test-secret-key-test-secret-key-test-secret-key',
    logLevel: 'silent',
    trustProxy: false,
    mqttMaxMessageAgeHours: 24,
    defaultLanguage: 'en',
    // The default (public addresses) and loopback: the receivers, brokers and providers of the
    // tests listen on 127.0.0.1. Tests of the allow list itself set their own.
    allowedIntegrationHosts: parseAllowedHosts('external,loopback').hosts,
    plugins: true,
  };
}

/** The real app on a fresh database of the given dialect, with mail going to a real SMTP capture. */
export async function buildTestApp(
  dialect: Dialect,
  overrides: Partial<AppDeps> = {},
  configChanges: Partial<Config> = {},
) {
  const database = await createTestDatabase(dialect);
  const smtp: SmtpCapture = await startSmtpCapture();
  const config = { ...testAppConfig(database, smtp.url), ...configChanges };
  const { app, services } = await buildApp({
    config,
    database,
    logger: createLogger('silent'),
    scrypt: TEST_SCRYPT,
    webDistDir: database.dataDir,
    ...overrides,
  });
  await app.ready();
  const accountsRepo = createAccountsRepository({ db: database.db, dialect });

  const given = {
    /** A verified account made directly in the database, signed in through the API. */
    async user(permissions: Partial<SystemPermissions> = {}, password = TEST_PASSWORD) {
      const username = unique('user');
      const account: UserAccount = await accountsRepo.insert(database.db, {
        username,
        email: `${username}@example.org`,
        passwordHash: await hashPassword(password, TEST_SCRYPT),
        isEmailVerified: true,
        permissions: {
          canManageResources: false,
          canManageSystemConfiguration: false,
          canManageUsers: false,
          ...permissions,
        },
        now: new Date(),
      });
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username, password },
      });
      if (response.statusCode !== 200) throw new Error(`Sign-in of ${username} failed: ${response.body}`);
      const token = response.json<{ authToken: string }>().authToken;
      return { ...account, password, token, auth: { authorization: `Bearer ${token}` } };
    },
    member() {
      return given.user();
    },
    userManager() {
      return given.user({ canManageUsers: true });
    },
    administrator() {
      return given.user({
        canManageResources: true,
        canManageSystemConfiguration: true,
        canManageUsers: true,
      });
    },
  };

  return {
    app,
    services,
    config,
    database,
    smtp,
    given,
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
    },
  };
}
