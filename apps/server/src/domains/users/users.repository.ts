import type { PermissionName, SystemPermissions } from '@toolpass/contracts';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readCount, readDate } from '../../platform/db/db-values.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database, UserRow, UserTokenPurpose } from '../../platform/db/schema.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';

const PERMISSION_COLUMNS = {
  canManageResources: 'can_manage_resources',
  canManageSystemConfiguration: 'can_manage_system_configuration',
  canManageUsers: 'can_manage_users',
} as const satisfies Record<PermissionName, string>;

const ACCOUNT_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.external_identifier',
  'users.is_email_verified',
  'users.can_manage_resources',
  'users.can_manage_system_configuration',
  'users.can_manage_users',
] as const;

type AccountRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'external_identifier'
  | 'is_email_verified'
  | 'can_manage_resources'
  | 'can_manage_system_configuration'
  | 'can_manage_users'
>;

function toAccount(row: AccountRow): UserAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    externalIdentifier: row.external_identifier,
    isEmailVerified: readBool(row.is_email_verified),
    permissions: {
      canManageResources: readBool(row.can_manage_resources),
      canManageSystemConfiguration: readBool(row.can_manage_system_configuration),
      canManageUsers: readBool(row.can_manage_users),
    },
  };
}

function permissionColumns(permissions: Partial<SystemPermissions>) {
  const set: Partial<Record<(typeof PERMISSION_COLUMNS)[PermissionName], boolean>> = {};
  for (const [name, column] of Object.entries(PERMISSION_COLUMNS) as [PermissionName, string][]) {
    const value = permissions[name];
    if (value !== undefined) set[column as (typeof PERMISSION_COLUMNS)[PermissionName]] = value;
  }
  return set;
}

export type UserPage = { data: UserAccount[]; total: number };

export function createUsersRepository(deps: { db: Db; dialect: 'sqlite' | 'postgres' }) {
  // Runs on every authenticated request, so it is compiled once (see reusable-query.ts).
  const selectBySessionTokenHash = reusableQuery<
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

    async findLanguage(db: Db, id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
      return row?.language ?? null;
    },

    async updateLanguage(db: Db, id: number, language: string | null, now: Date): Promise<void> {
      await db.updateTable('users').set({ language, updated_at: now }).where('id', '=', id).execute();
    },

    async findById(db: Db, id: number): Promise<UserAccount | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAccount(row);
    },

    /**
     * The user holding the session with this token hash and when it expires: one query per
     * request, and the same answer until the session or the user changes (so it can be cached).
     */
    async findSessionHolder(
      db: Db,
      tokenHash: string,
    ): Promise<{ account: UserAccount; expiresAt: Date } | undefined> {
      const [row] = await selectBySessionTokenHash(db, { tokenHash });
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

    async countWithPermission(db: Db, permission: PermissionName): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('count'))
        .where(PERMISSION_COLUMNS[permission], '=', true)
        .executeTakeFirst();
      return readCount(row?.count as number | undefined);
    },

    async updatePermissions(db: Db, id: number, permissions: Partial<SystemPermissions>, now: Date) {
      const row = await db
        .updateTable('users')
        .set({ ...permissionColumns(permissions), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async setAllPermissionsAndVerify(db: Db, id: number, now: Date) {
      await db
        .updateTable('users')
        .set({
          ...permissionColumns({
            canManageResources: true,
            canManageSystemConfiguration: true,
            canManageUsers: true,
          }),
          is_email_verified: true,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
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

    // ---- single-use mail tokens (verify, reset, change email) ----

    async insertToken(
      db: Db,
      token: {
        userId: number;
        purpose: UserTokenPurpose;
        tokenHash: string;
        newEmail?: string;
        now: Date;
        expiresAt: Date;
      },
    ) {
      await db
        .insertInto('user_tokens')
        .values({
          user_id: token.userId,
          purpose: token.purpose,
          token_hash: token.tokenHash,
          new_email: token.newEmail ?? null,
          created_at: token.now,
          expires_at: token.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /**
     * Marks a valid token used and returns it; at most one caller can win, because the
     * `used_at is null` guard is part of the UPDATE itself.
     */
    /** The user of a usable token, without spending it: to refuse a bad token before costly work. */
    async findUsableToken(db: Db, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
      const row = await db
        .selectFrom('user_tokens')
        .select(['user_id', 'new_email'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { userId: row.user_id, newEmail: row.new_email };
    },

    async consumeToken(db: Db, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
      const row = await db
        .updateTable('user_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email', 'expires_at'])
        .executeTakeFirst();
      return row && { userId: row.user_id, newEmail: row.new_email, expiresAt: readDate(row.expires_at) };
    },

    /** Tokens that can no longer be used: spent, or expired a day ago (kept a day for support questions). */
    async deleteSpentTokens(db: Db, now: Date) {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      await db
        .deleteFrom('user_tokens')
        .where((eb) => eb.or([eb('used_at', '<', dayAgo), eb('expires_at', '<', dayAgo)]))
        .execute();
    },

    /** A new token of a purpose replaces older unused ones, so only the latest mail's link works. */
    async discardUnusedTokens(db: Db, userId: number, purpose: UserTokenPurpose) {
      await db
        .deleteFrom('user_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
