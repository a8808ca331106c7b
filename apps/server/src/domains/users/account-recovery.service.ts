import { Messages } from '@toolpass/contracts';
import { hashPassword, type ScryptParams } from '../../platform/crypto/password.ts';
import { newToken } from '../../platform/crypto/tokens.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { AccountMailing, AuthSessionsRevoker } from './mail-tokens.ts';

/** A forgotten password: the reset mail and the new password it allows (spec 01 §4, §7). */
export function createAccountRecoveryService(
  deps: AccountMailing & {
    authSessions: AuthSessionsRevoker;
    logger: Logger;
    scrypt?: ScryptParams | undefined;
  },
) {
  const background = new Set<Promise<void>>();

  return {
    /**
     * Always succeeds for a well-formed address, and answers before looking the address up: the
     * work (a template render and a commit, for known addresses only) runs after the answer, so
     * neither the answer nor its timing tells who has an account. `settle()` waits for it.
     */
    requestPasswordReset(email: string): void {
      const work = (async () => {
        const user = await deps.repo.findByEmail(deps.db, email);
        if (!user) return;
        const token = newToken();
        const mail = await deps.emailTemplates.render('reset-password', await deps.languageOf(user.id), {
          'user.username': user.username,
          url: deps.tokens.link('/reset-password', { token, userId: String(user.id) }),
        });
        await deps.tokens.withMail(async (tx) => {
          await deps.tokens.store(tx, user.id, 'reset-password', token);
          await deps.mailQueue.enqueue(tx, { to: user.email, ...mail });
        });
      })()
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'Preparing a password reset mail failed'),
        )
        .finally(() => background.delete(work));
      background.add(work);
    },

    /** Waits for work started after an answer (reset requests); called when the app closes. */
    async settle(): Promise<void> {
      await Promise.all([...background]);
    },

    /** Sets a new password with a reset token; every auth session (sign-in) of the user ends. */
    async changePassword(userId: number, token: string, password: string): Promise<void> {
      const invalidToken = () =>
        badRequest(Messages.invalidInput, { errors: { token: ['Invalid or expired reset token.'] } });
      // A wrong token is refused before the costly hash; the transaction checks it again.
      const usable = await deps.tokens.findUsable(deps.db, 'reset-password', token, deps.clock.now());
      if (usable?.userId !== userId) throw invalidToken();
      const passwordHash = await hashPassword(password, deps.scrypt);
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const used = await deps.tokens.consume(tx, 'reset-password', token, now);
        if (!used || used.userId !== userId) throw invalidToken();
        await deps.repo.updatePasswordHash(tx, userId, passwordHash, now);
        // The reset link reached the mailbox, which proves the address as well as a verification would.
        await deps.repo.markEmailVerified(tx, userId, now);
        await deps.authSessions.revokeAllForUser(userId, tx);
      });
    },
  };
}

export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
