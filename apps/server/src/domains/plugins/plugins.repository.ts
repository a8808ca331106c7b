import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';

/** An installed plugin as stored, without its package. */
export type StoredPlugin = {
  id: number;
  name: string;
  version: string;
  description: string | null;
  /** The manifest as JSON text, checked at upload. */
  manifest: string;
  revision: number;
  /** Hex SHA-256 of the package. */
  packageSha256: string;
  installedAt: Date;
};

const COLUMNS = [
  'id',
  'name',
  'version',
  'description',
  'manifest',
  'revision',
  'package_sha256',
  'installed_at',
] as const;

function toStored(row: {
  id: number;
  name: string;
  version: string;
  description: string | null;
  manifest: string;
  revision: number;
  package_sha256: string;
  installed_at: Date | string;
}): StoredPlugin {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    description: row.description,
    manifest: row.manifest,
    revision: row.revision,
    packageSha256: row.package_sha256,
    installedAt: readDate(row.installed_at),
  };
}

/** The only SQL of plugins and of their key-value stores. */
export function createPluginsRepository() {
  return {
    async list(db: Db): Promise<StoredPlugin[]> {
      const rows = await db.selectFrom('plugins').select(COLUMNS).orderBy('name').execute();
      return rows.map(toStored);
    },

    async findById(db: Db, id: number): Promise<StoredPlugin | undefined> {
      const row = await db.selectFrom('plugins').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toStored(row);
    },

    async exists(db: Db, name: string): Promise<boolean> {
      const row = await db.selectFrom('plugins').select('id').where('name', '=', name).executeTakeFirst();
      return row !== undefined;
    },

    /** The package of one revision; undefined once it was replaced or removed. */
    async packageOf(db: Db, id: number, revision: number): Promise<Buffer | undefined> {
      const row = await db
        .selectFrom('plugins')
        .select('package')
        .where('id', '=', id)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return row && Buffer.from(row.package);
    },

    /**
     * Stores a package under its name: a new row, or the next revision of the plugin of that
     * name (its id and key-value store stay).
     */
    async save(
      tx: Db,
      plugin: Omit<StoredPlugin, 'id' | 'revision'> & { package: Buffer },
    ): Promise<StoredPlugin> {
      const values = {
        version: plugin.version,
        description: plugin.description,
        manifest: plugin.manifest,
        package: plugin.package,
        package_sha256: plugin.packageSha256,
        installed_at: plugin.installedAt,
      };
      const existing = await tx
        .selectFrom('plugins')
        .select(['id', 'revision'])
        .where('name', '=', plugin.name)
        .executeTakeFirst();
      const row = existing
        ? await tx
            .updateTable('plugins')
            .set({ ...values, revision: existing.revision + 1 })
            .where('id', '=', existing.id)
            .returning(COLUMNS)
            .executeTakeFirstOrThrow()
        : await tx
            .insertInto('plugins')
            .values({ ...values, name: plugin.name, revision: 1 })
            .returning(COLUMNS)
            .executeTakeFirstOrThrow();
      return toStored(row);
    },

    async delete(tx: Db, id: number): Promise<boolean> {
      const result = await tx.deleteFrom('plugins').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async kvGet(db: Db, pluginId: number, key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('plugin_kv')
        .select('value')
        .where('plugin_id', '=', pluginId)
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    async kvSet(db: Db, pluginId: number, key: string, value: string): Promise<void> {
      await db
        .insertInto('plugin_kv')
        .values({ plugin_id: pluginId, key, value })
        .onConflict((conflict) => conflict.columns(['plugin_id', 'key']).doUpdateSet({ value }))
        .execute();
    },

    async kvDelete(db: Db, pluginId: number, key: string): Promise<void> {
      await db.deleteFrom('plugin_kv').where('plugin_id', '=', pluginId).where('key', '=', key).execute();
    },

    /** Entries whose key starts with `prefix`; compared as text, not LIKE, so no character is special. */
    async kvList(db: Db, pluginId: number, prefix: string): Promise<{ key: string; value: string }[]> {
      let query = db.selectFrom('plugin_kv').select(['key', 'value']).where('plugin_id', '=', pluginId);
      if (prefix !== '') {
        query = query.where(sql<string>`substr(key, 1, ${prefix.length})`, '=', prefix);
      }
      const rows = await query.execute();
      // Sorted here: the dialects' collations order text differently.
      return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}

export type PluginsRepository = ReturnType<typeof createPluginsRepository>;
