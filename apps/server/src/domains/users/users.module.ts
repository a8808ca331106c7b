import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ScryptParams } from '../../platform/crypto/password.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { MailQueue } from '../../platform/mail/mail-queue.ts';
import type { EmailTemplatesService } from '../email-templates/email-templates.service.ts';
import { createAccountRecoveryService } from './account-recovery.service.ts';
import { createAccountRegistrationService } from './account-registration.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService } from './accounts.service.ts';
import { createAdministratorsService } from './administrators.service.ts';
import { createEmailChangeService } from './email-change.service.ts';
import { type AccountMailing, type AuthSessionsRevoker, createMailTokens } from './mail-tokens.ts';
import { createUserPermissionsRepository } from './user-permissions.repository.ts';
import { createUserPermissionsService } from './user-permissions.service.ts';
import { createUserPreferencesRepository } from './user-preferences.repository.ts';
import { createUserPreferencesService } from './user-preferences.service.ts';
import { createUserTokensRepository } from './user-tokens.repository.ts';

/**
 * The users domain, one small service per job (spec 01 §3-§8): the accounts others look up,
 * registration and verification, recovery (password reset), email change, permissions,
 * preferences and the shell's administrator bootstrap. Other domains are handed the one service
 * they need, and see accounts as the shared `UserAccount` type only.
 */
export function createUsersModule(deps: {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  mailQueue: MailQueue;
  emailTemplates: EmailTemplatesService;
  authSessions: AuthSessionsRevoker;
  /** Every request looks up its auth session; sign-out, expiry sweeps and user changes are rare. */
  authSessionReads: ReadCache;
  publicUrl: string;
  logger: Logger;
  audit: AuditLog;
  scrypt?: ScryptParams;
}) {
  const { db, clock, mailQueue, emailTemplates, authSessions, scrypt } = deps;
  const repo = createAccountsRepository({ db, dialect: deps.dialect });
  const permissionsRepo = createUserPermissionsRepository();
  const tokens = createMailTokens({
    db,
    repo: createUserTokensRepository(),
    clock,
    mailQueue,
    publicUrl: deps.publicUrl,
  });
  const { audit } = deps;
  const preferencesRepo = createUserPreferencesRepository();
  const mailing: AccountMailing = {
    db,
    repo,
    tokens,
    clock,
    mailQueue,
    emailTemplates,
    audit,
    languageOf: (userId) => preferencesRepo.findLanguage(db, userId),
  };
  const recovery = createAccountRecoveryService({ ...mailing, authSessions, logger: deps.logger, scrypt });

  return {
    accounts: createAccountsService({ db, repo, clock, authSessionReads: deps.authSessionReads, audit }),
    registration: createAccountRegistrationService({ ...mailing, scrypt }),
    recovery,
    emailChange: createEmailChangeService({ ...mailing, authSessions }),
    permissions: createUserPermissionsService({ db, repo: permissionsRepo, accounts: repo, clock, audit }),
    preferences: createUserPreferencesService({ db, repo: preferencesRepo, clock }),
    administrators: createAdministratorsService({
      db,
      repo,
      permissions: permissionsRepo,
      clock,
      audit,
      scrypt,
    }),
    /** Waits for work started after an answer (reset requests); called when the app closes. */
    settle: () => recovery.settle(),
    /** Housekeeping: mail tokens that can no longer be used. */
    deleteSpentTokens: () => tokens.deleteSpent(),
  };
}

export type UsersModule = ReturnType<typeof createUsersModule>;
