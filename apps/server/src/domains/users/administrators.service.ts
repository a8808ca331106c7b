import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, type ScryptParams } from '../../platform/crypto/password.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { lookupKey } from '../../platform/identity/user-account.ts';
import { emailInUse, requireAccount } from './account-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { createdUserChanges } from './audit-user.ts';
import { ALL_PERMISSIONS } from './permission-sets.ts';
import type { UserPermissionsRepository } from './user-permissions.repository.ts';

/** The first administrator of an installation, made from the shell rather than the API. */
export function createAdministratorsService(deps: {
  db: Db;
  repo: AccountsRepository;
  permissions: UserPermissionsRepository;
  clock: Clock;
  audit: AuditLog;
  scrypt?: ScryptParams | undefined;
}) {
  return {
    /**
     * For the shell command: creates a verified administrator, or promotes and verifies an
     * existing account of that username (setting its password when one is given).
     */
    async createOrPromote(input: {
      username: string;
      email?: string | undefined;
      password?: string | undefined;
    }) {
      const passwordHash = input.password ? await hashPassword(input.password, deps.scrypt) : undefined;
      return deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const existing = await deps.repo.findByUsername(tx, input.username);
        if (existing) {
          if (input.email && (await deps.repo.isEmailTaken(tx, input.email, existing.id))) throw emailInUse();
          if (input.email && lookupKey(input.email) !== lookupKey(existing.email)) {
            await deps.repo.updateEmail(tx, existing.id, input.email, now);
          }
          if (passwordHash) await deps.repo.updatePasswordHash(tx, existing.id, passwordHash, now);
          await deps.permissions.setAllPermissionsAndVerify(tx, existing.id, now);
          const user = await requireAccount(deps.repo, tx, existing.id);
          // The shell is the system: nobody signed in made the change.
          await deps.audit.record(tx, {
            actor: null,
            action: 'user.promoted',
            target: { type: 'user', id: user.id, name: user.username },
            changes: diffFields(
              { email: existing.email, ...existing.permissions },
              { email: user.email, ...user.permissions },
            ),
          });
          return { created: false, user };
        }
        if (!input.email || !passwordHash) {
          throw badRequest('A new administrator needs --email and --password.');
        }
        if (await deps.repo.isEmailTaken(tx, input.email)) throw emailInUse();
        const user = await deps.repo.insert(tx, {
          username: input.username,
          email: input.email,
          passwordHash,
          isEmailVerified: true,
          permissions: ALL_PERMISSIONS,
          now,
        });
        await deps.audit.record(tx, {
          actor: null,
          action: 'user.created',
          target: { type: 'user', id: user.id, name: user.username },
          changes: createdUserChanges(user),
        });
        return { created: true, user };
      });
    },
  };
}

export type AdministratorsService = ReturnType<typeof createAdministratorsService>;
