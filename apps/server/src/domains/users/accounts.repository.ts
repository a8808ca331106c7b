import type { PermissionName, SystemPermissions } from '@toolpass/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readCount, readDate } from '../../platform/db/db-values.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database } from '../../platform/db/schema.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';
import { ACCOUNT_COLUMNS, type AccountRow, PERMISSION_COLUMNS, toAccount } from './account-rows.ts';

export type UserPage = { data: UserAccount[]; total: number };

/** The `users` rows as accounts: creation, look-ups, the directory and the account's own fields. */
export function createAccountsRepository(deps: { db: Db; dialect: 'sqlite' | 'postgres' }) {
  // Runs on every authenticated request, so it is compiled once (see reusable-query.ts).
  const selectByAuthSessionTokenHash = reusableQuery<
    Database,
    { tokenHash: string },
    AccountRow & { expires_at: Date | string }
  >(deps.db, ['tokenHash'], (db, p) =>
    db
      .selectFrom('auth_sessions')
      .innerJoin('users', 'users.id', 'auth_sessions.user_id')
      .select([...ACCOUNT_COLUMNS, 'auth_sessions.expires_at'])
      .where('auth_sessions.token_hash', '=', p.tokenHash),
  );

  return {
    /**
     * Registration checks "is this the first account" and inserts in one transaction; on
     * PostgreSQL the table lock makes two first registrations wait for each other. SQLite
     * transactions are already serialised by the single connection.
     */
    async lockForRegistration(tx: Db): Promise<void> {
      if (deps.dialect === 'postgres') await sql`lock table users in share row exclusive mode`.execute(tx);
    },

    async hasAnyUser(db: Db): Promise<boolean> {
      const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      db: Db,
      user: {
        username: string;
        email: string;
        passwordHash: string | null;
        isEmailVerified: boolean;
        permissions: SystemPermissions;
        externalIdentifier?: string | null;
        now: Date;
      },
    ): Promise<UserAccount> {
      const row = await db
        .insertInto('users')
        .values({
          username: user.username,
          username_key: lookupKey(user.username),
          email: user.email,
          email_key: lookupKey(user.email),
          password_hash: user.passwordHash,
          external_identifier: user.externalIdentifier ?? null,
          is_email_verified: user.isEmailVerified,
          can_manage_resources: user.permissions.canManageResources,
          can_manage_system_configuration: user.permissions.canManageSystemConfiguration,
          can_manage_users: user.permissions.canManageUsers,
          created_at: user.now,
          updated_at: user.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAccount(row);
    },

    async findById(db: Db, id: number): Promise<UserAccount | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAccount(row);
    },

    /**
     * The user holding the auth session (sign-in) with this token hash and when it expires: one
     * query per request, and the same answer until the session or the user changes (so it can
     * be cached).
     */
    async findAuthSessionHolder(
      db: Db,
      tokenHash: string,
    ): Promise<{ account: UserAccount; expiresAt: Date } | undefined> {
      const [row] = await selectByAuthSessionTokenHash(db, { tokenHash });
      return row && { account: toAccount(row), expiresAt: readDate(row.expires_at) };
    },

    async findByEmail(db: Db, email: string): Promise<UserAccount | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email_key', '=', lookupKey(email))
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async findByUsername(db: Db, username: string): Promise<UserAccount | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('username_key', '=', lookupKey(username))
        .executeTakeFirst();
      return row && toAccount(row);
    },

    /** Sign-in accepts a username or an email address. */
    async findCredentials(db: Db, usernameOrEmail: string) {
      const key = lookupKey(usernameOrEmail);
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
        .orderBy('id')
        .executeTakeFirst();
      return row && { account: toAccount(row), passwordHash: row.password_hash };
    },

    async isUsernameTaken(db: Db, username: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('username_key', '=', lookupKey(username))
        .executeTakeFirst();
      return row !== undefined;
    },

    async isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('email_key', '=', lookupKey(email));
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async list(
      db: Db,
      query: {
        page: number;
        limit: number;
        search?: string | undefined;
        ids?: number[] | undefined;
        permission?: PermissionName;
      },
    ): Promise<UserPage> {
      let base = db.selectFrom('users');
      if (query.search) {
        const pattern = containsPattern(lookupKey(query.search));
        base = base.where((eb) =>
          eb.or([eb('username_key', 'like', pattern), eb('email_key', 'like', pattern)]),
        );
      }
      if (query.ids)
        base = query.ids.length === 0 ? base.where(sql<boolean>`1 = 0`) : base.where('id', 'in', query.ids);
      if (query.permission) base = base.where(PERMISSION_COLUMNS[query.permission], '=', true);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('username_key')
          .orderBy('id')
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
      ]);
      return { data: rows.map(toAccount), total: readCount(count?.count as number | undefined) };
    },

    async markEmailVerified(db: Db, id: number, now: Date) {
      await db
        .updateTable('users')
        .set({ is_email_verified: true, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async updateEmail(db: Db, id: number, email: string, now: Date) {
      const row = await db
        .updateTable('users')
        .set({ email, email_key: lookupKey(email), is_email_verified: true, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },

    /** Sets the external identifier of an account that has none yet. */
    async setExternalIdentifierIfNone(db: Db, id: number, externalIdentifier: string, now: Date) {
      await db
        .updateTable('users')
        .set({ external_identifier: externalIdentifier, updated_at: now })
        .where('id', '=', id)
        .where('external_identifier', 'is', null)
        .execute();
    },

    async updatePasswordHash(db: Db, id: number, passwordHash: string, now: Date) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
