import { columnMap } from '../../platform/db/column-map.ts';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';
import type { SsoProvidersTable } from '../../platform/db/schema.ts';

/** A provider as stored: the client secret sealed by the secret box. */
export type SsoProviderRecord = {
  id: number;
  name: string;
  type: 'OIDC';
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  sealedClientSecret: string;
  updatedAt: Date;
};

export type SsoProviderFields = Omit<SsoProviderRecord, 'id' | 'updatedAt'>;

const providers = columnMap<SsoProvidersTable, SsoProviderRecord>()({
  id: 'id',
  name: 'name',
  type: 'type',
  issuer: 'issuer',
  authorizationUrl: 'authorization_url',
  tokenUrl: 'token_url',
  userInfoUrl: 'userinfo_url',
  clientId: 'client_id',
  sealedClientSecret: 'client_secret_sealed',
  updatedAt: { column: 'updated_at', read: readDate },
});

/** All SQL of single sign-on: providers, identities, pending links and sign-on codes. */
export function createSsoRepository() {
  return {
    async listProviders(db: Db): Promise<SsoProviderRecord[]> {
      const rows = await db.selectFrom('sso_providers').selectAll().orderBy('name').orderBy('id').execute();
      return rows.map(providers.read);
    },

    async findProvider(db: Db, id: number): Promise<SsoProviderRecord | undefined> {
      const row = await db.selectFrom('sso_providers').selectAll().where('id', '=', id).executeTakeFirst();
      return row && providers.read(row);
    },

    async insertProvider(db: Db, fields: SsoProviderFields, now: Date): Promise<SsoProviderRecord> {
      const row = await db
        .insertInto('sso_providers')
        .values({ ...providers.insert({ ...fields, updatedAt: now }), created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return providers.read(row);
    },

    async updateProvider(
      db: Db,
      id: number,
      fields: Partial<SsoProviderFields>,
      now: Date,
    ): Promise<SsoProviderRecord | undefined> {
      const row = await db
        .updateTable('sso_providers')
        .set({ ...providers.update(fields), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && providers.read(row);
    },

    /** Deletes the provider with its identities and pending links (cascade); false when absent. */
    async deleteProvider(db: Db, id: number): Promise<boolean> {
      const result = await db.deleteFrom('sso_providers').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ---- identities: which account a provider's subject signs in to ----

    async findUserIdBySubject(db: Db, providerId: number, subject: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('sso_identities')
        .select('user_id')
        .where('provider_id', '=', providerId)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row?.user_id;
    },

    async hasIdentityForUser(db: Db, providerId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('sso_identities')
        .select('id')
        .where('provider_id', '=', providerId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertIdentity(
      db: Db,
      identity: { providerId: number; subject: string; userId: number; now: Date },
    ): Promise<void> {
      await db
        .insertInto('sso_identities')
        .values({
          provider_id: identity.providerId,
          subject: identity.subject,
          user_id: identity.userId,
          created_at: identity.now,
        })
        .execute();
    },

    // ---- pending links: a sign-on waiting for the password of the account with its email ----

    async insertPendingLink(
      db: Db,
      link: {
        tokenHash: string;
        providerId: number;
        subject: string;
        emailKey: string;
        now: Date;
        expiresAt: Date;
      },
    ): Promise<void> {
      // Expired ones are swept here: a pending link is only ever written by a sign-on, so the
      // table stays as small as the sign-ons of the last few minutes.
      await db.deleteFrom('sso_pending_links').where('expires_at', '<=', link.now).execute();
      await db
        .insertInto('sso_pending_links')
        .values({
          token_hash: link.tokenHash,
          provider_id: link.providerId,
          subject: link.subject,
          email_key: link.emailKey,
          created_at: link.now,
          expires_at: link.expiresAt,
        })
        .execute();
    },

    /**
     * Removes and returns a usable pending link; at most one caller wins, because the delete
     * itself checks it is there.
     */
    async takePendingLink(db: Db, tokenHash: string, emailKey: string, now: Date) {
      const row = await db
        .deleteFrom('sso_pending_links')
        .where('token_hash', '=', tokenHash)
        .where('email_key', '=', emailKey)
        .where('expires_at', '>', now)
        .returning(['provider_id', 'subject'])
        .executeTakeFirst();
      return row && { providerId: row.provider_id, subject: row.subject };
    },

    // ---- sign-on codes: what the browser exchanges for its session after a sign-on ----

    async insertSignOnCode(
      db: Db,
      code: { codeHash: string; browserHash: string; userId: number; now: Date; expiresAt: Date },
    ): Promise<void> {
      // Swept here like pending links: the table holds the sign-ons of the last minute.
      await db.deleteFrom('sso_sign_on_codes').where('expires_at', '<=', code.now).execute();
      await db
        .insertInto('sso_sign_on_codes')
        .values({
          code_hash: code.codeHash,
          browser_hash: code.browserHash,
          user_id: code.userId,
          created_at: code.now,
          expires_at: code.expiresAt,
        })
        .execute();
    },

    /**
     * Removes the code's row and answers whose it was and until when it was good. The delete is
     * the claim: of two exchanges at once, on one instance or two, only one gets the row back
     * (PostgreSQL makes the second wait for the first's row lock and then finds nothing). Only the
     * browser the code was issued to takes it; another's attempt leaves it in place.
     */
    async takeSignOnCode(
      db: Db,
      hashes: { codeHash: string; browserHash: string },
    ): Promise<{ userId: number; expiresAt: Date } | undefined> {
      const row = await db
        .deleteFrom('sso_sign_on_codes')
        .where('code_hash', '=', hashes.codeHash)
        .where('browser_hash', '=', hashes.browserHash)
        .returning(['user_id', 'expires_at'])
        .executeTakeFirst();
      return row && { userId: row.user_id, expiresAt: readDate(row.expires_at) };
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;
