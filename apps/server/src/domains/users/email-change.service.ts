import { Messages } from '@toolpass/contracts';
import { diffFields } from '../../platform/audit/audit-log.ts';
import { newToken } from '../../platform/crypto/tokens.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';
import { emailInUse, invalidTokenOrEmail, requireAccount, userNotFound } from './account-errors.ts';
import type { AccountMailing, AuthSessionsRevoker } from './mail-tokens.ts';

/** Translates a lost race for the unique email index into the specification's conflict. */
async function refusingTakenEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

/**
 * A new email address: by the member through a confirmed link, with an undo link to the old
 * address, or set by a user manager (spec 01 §4, §6, §7).
 */
export function createEmailChangeService(deps: AccountMailing & { authSessions: AuthSessionsRevoker }) {
  return {
    /**
     * Sends a confirmation link to the new address. A taken address is not refused here: the
     * answer would tell any member which addresses have accounts. Its owner gets the mail and,
     * should they follow it, the confirmation refuses (they own the address, so nothing leaks).
     */
    async requestEmailChange(actor: UserAccount, newEmail: string): Promise<void> {
      if (lookupKey(newEmail) === lookupKey(actor.email)) {
        throw badRequest(Messages.invalidInput, {
          errors: { newEmail: ['This is already your email address.'] },
        });
      }
      const token = newToken();
      const mail = await deps.emailTemplates.render('change-email', await deps.languageOf(actor.id), {
        'user.username': actor.username,
        newEmail,
        url: deps.tokens.link('/confirm-email-change', { token, newEmail }),
      });
      await deps.tokens.withMail(async (tx) => {
        await deps.tokens.store(tx, actor.id, 'change-email', token, newEmail);
        await deps.mailQueue.enqueue(tx, { to: newEmail, ...mail });
      });
    },

    /**
     * Moves the account to the new address and, in the same transaction, sends the old address a
     * notice with a link that undoes the change: whoever took over an auth session cannot also
     * take the account away from the address that owns it.
     */
    async confirmEmailChange(token: string, newEmail: string): Promise<UserAccount> {
      // The notice is rendered before the transaction (see mail-tokens.ts), so the holder is read first.
      const pending = await deps.tokens.findUsable(deps.db, 'change-email', token, deps.clock.now());
      const holder = pending && (await deps.repo.findById(deps.db, pending.userId));
      if (!holder || !pending.newEmail || lookupKey(pending.newEmail) !== lookupKey(newEmail)) {
        throw invalidTokenOrEmail();
      }
      const undoToken = newToken();
      const notice = await deps.emailTemplates.render('email-changed', await deps.languageOf(holder.id), {
        'user.username': holder.username,
        newEmail: pending.newEmail,
        url: deps.tokens.link('/undo-email-change', { token: undoToken, email: holder.email }),
      });
      return refusingTakenEmail(() =>
        deps.tokens.withMail(async (tx) => {
          const now = deps.clock.now();
          const used = await deps.tokens.consume(tx, 'change-email', token, now);
          if (!used?.newEmail || lookupKey(used.newEmail) !== lookupKey(newEmail))
            throw invalidTokenOrEmail();
          if (await deps.repo.isEmailTaken(tx, used.newEmail, used.userId)) throw emailInUse();
          // Changed meanwhile: the notice would go to the wrong address. Rolled back, so the
          // link works again.
          const current = await deps.repo.findById(tx, used.userId);
          if (current?.email !== holder.email) throw invalidTokenOrEmail();
          const user = await deps.repo.updateEmail(tx, used.userId, used.newEmail, now);
          if (!user) throw invalidTokenOrEmail();
          await deps.tokens.store(tx, user.id, 'undo-email-change', undoToken, holder.email);
          await deps.mailQueue.enqueue(tx, { to: holder.email, ...notice });
          return user;
        }),
      );
    },

    /**
     * The link of the notice: the account gets the old address back (verified: the link reached
     * it), every auth session ends and every other pending link dies, including resets and
     * undo links sent to the address being undone.
     */
    async undoEmailChange(token: string, email: string): Promise<void> {
      await refusingTakenEmail(() =>
        deps.db.transaction().execute(async (tx) => {
          const now = deps.clock.now();
          const used = await deps.tokens.consume(tx, 'undo-email-change', token, now);
          if (!used?.newEmail || lookupKey(used.newEmail) !== lookupKey(email)) throw invalidTokenOrEmail();
          if (await deps.repo.isEmailTaken(tx, used.newEmail, used.userId)) throw emailInUse();
          const user = await deps.repo.updateEmail(tx, used.userId, used.newEmail, now);
          if (!user) throw invalidTokenOrEmail();
          for (const purpose of [
            'undo-email-change',
            'change-email',
            'reset-password',
            'verify-email',
          ] as const) {
            await deps.tokens.discardUnused(tx, user.id, purpose);
          }
          await deps.authSessions.revokeAllForUser(user.id, tx);
        }),
      );
    },

    /** An administrator sets another user's address; it counts as verified. */
    async adminChangeEmail(userId: number, newEmail: string): Promise<UserAccount> {
      return refusingTakenEmail(() =>
        deps.db.transaction().execute(async (tx) => {
          const before = await requireAccount(deps.repo, tx, userId);
          if (await deps.repo.isEmailTaken(tx, newEmail, userId)) throw emailInUse();
          const user = await deps.repo.updateEmail(tx, userId, newEmail, deps.clock.now());
          if (!user) throw userNotFound();
          await deps.audit.record(tx, {
            action: 'user.email-changed',
            target: { type: 'user', id: user.id, name: user.username },
            changes: diffFields({ email: before.email }, { email: user.email }),
          });
          return user;
        }),
      );
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
