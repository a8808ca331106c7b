import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import type { UserTokenPurpose } from '../../platform/db/schema.ts';
import type { MailQueue } from '../../platform/mail/mail-queue.ts';
import type { EmailTemplatesService } from '../email-templates/email-templates.service.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { UserTokensRepository } from './user-tokens.repository.ts';

const HOUR = 60 * 60 * 1000;
const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  'verify-email': 48 * HOUR,
  'reset-password': 1 * HOUR,
  'change-email': 48 * HOUR,
  // Long enough for an owner who reads mail once a week; the account is theirs until then.
  'undo-email-change': 7 * 24 * HOUR,
};

/**
 * The single-use tokens that travel in account mails (verification, reset, email change and its
 * undo): only their hash is stored; the service queues the mail that carries one in the same
 * transaction (`withMail`), and the event pipeline wakes the mail worker once it has committed.
 */
export function createMailTokens(deps: {
  db: Db;
  repo: UserTokensRepository;
  clock: Clock;
  /** Mails join the caller's transaction and leave once it has committed (the event pipeline). */
  mailQueue: Pick<MailQueue, 'transaction'>;
  publicUrl: string;
}) {
  return {
    link(path: string, params: Record<string, string>): string {
      return `${deps.publicUrl}${path}?${new URLSearchParams(params).toString()}`;
    },

    /**
     * Stores the hash of a fresh token; the token itself only travels in the mail. The mail is
     * rendered before the transaction: on SQLite the transaction holds the only connection, so a
     * template read inside it through another handle would wait forever.
     */
    async store(tx: Db, userId: number, purpose: UserTokenPurpose, token: string, newEmail?: string) {
      const now = deps.clock.now();
      // Each undo link restores its own address: a second change must not void the first's undo.
      if (purpose !== 'undo-email-change') await deps.repo.discardUnusedTokens(tx, userId, purpose);
      await deps.repo.insertToken(tx, {
        userId,
        purpose,
        tokenHash: hashToken(token),
        ...(newEmail ? { newEmail } : {}),
        now,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      });
    },

    /** The user of a usable token, without spending it. */
    findUsable(db: Db, purpose: UserTokenPurpose, token: string, now: Date) {
      return deps.repo.findUsableToken(db, purpose, hashToken(token), now);
    },

    /** Spends a usable token; at most one caller wins it. */
    consume(tx: Db, purpose: UserTokenPurpose, token: string, now: Date) {
      return deps.repo.consumeToken(tx, purpose, hashToken(token), now);
    },

    discardUnused(tx: Db, userId: number, purpose: UserTokenPurpose) {
      return deps.repo.discardUnusedTokens(tx, userId, purpose);
    },

    /** Runs `work` in one transaction mails can be queued in; they leave once it has committed. */
    withMail<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return deps.mailQueue.transaction(work);
    },

    async deleteSpent(): Promise<void> {
      await deps.repo.deleteSpentTokens(deps.db, deps.clock.now());
    },
  };
}

export type MailTokens = ReturnType<typeof createMailTokens>;

/** What each service that mails an account a link is built from. */
export type AccountMailing = {
  db: Db;
  audit: AuditLog;
  repo: AccountsRepository;
  tokens: MailTokens;
  clock: Clock;
  mailQueue: MailQueue;
  emailTemplates: EmailTemplatesService;
  /** The language an account chose (null: none), which its mails are written in. */
  languageOf(userId: number): Promise<string | null>;
};

/** Ends every auth session (sign-in) of an account, in the caller's transaction. */
export type AuthSessionsRevoker = { revokeAllForUser(userId: number, executor?: Db): Promise<void> };
