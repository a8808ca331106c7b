import { SsoMessages } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import { hashToken, newToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import type { SsoRepository } from './sso.repository.ts';

/** How long the app has to exchange the code a sign-on returned with for its session. */
export const SIGN_ON_CODE_LIFETIME_MS = 60 * 1000;

/**
 * The codes a finished sign-on returns to the app with, instead of the session token: the
 * address they travel in is seen by history, server logs and extensions (issue 26, decision 14).
 * Only a code's SHA-256 is stored; the session is issued when the code is exchanged.
 */
export function createSignOnCodes(deps: {
  db: Db;
  repo: SsoRepository;
  clock: Clock;
  users: { findById(id: number, executor?: Db): Promise<UserAccount | undefined> };
  auth: { issueSession(user: UserAccount): Promise<{ authToken: string; user: UserAccount }> };
}) {
  return {
    /**
     * A new code for the account a sign-on entered, and the value that binds it to the browser
     * that came back (sent in a cookie only that browser holds): a code read from a log or a link
     * sent to someone else signs nobody in.
     */
    async issue(user: UserAccount): Promise<{ code: string; browser: string }> {
      const code = newToken();
      const browser = newToken();
      const now = deps.clock.now();
      await deps.repo.insertSignOnCode(deps.db, {
        codeHash: hashToken(code),
        browserHash: hashToken(browser),
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + SIGN_ON_CODE_LIFETIME_MS),
      });
      return { code, browser };
    },

    /**
     * The session for a code. A code is good once and for 60 seconds: taking it deletes it, so a
     * second exchange, at the same moment or later, is refused, and so is a late one, and one
     * from a browser without the code's cookie.
     */
    async exchange(
      code: string,
      browser: string | undefined,
    ): Promise<{ authToken: string; user: UserAccount }> {
      const taken = browser
        ? await deps.repo.takeSignOnCode(deps.db, {
            codeHash: hashToken(code),
            browserHash: hashToken(browser),
          })
        : undefined;
      const user =
        taken && taken.expiresAt.getTime() > deps.clock.now().getTime()
          ? await deps.users.findById(taken.userId)
          : undefined;
      if (!user) throw badRequest(SsoMessages.signOnCodeExpired);
      return deps.auth.issueSession(user);
    },
  };
}
