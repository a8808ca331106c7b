import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { APP_VERSION } from '../app.ts';
import { loadConfig, resolveDataDir } from '../config/config.ts';
import { BackupRefusedError, EXIT_IN_USE, writeBackupArchive } from '../platform/backup/backup-archive.ts';
import { requestSnapshot } from '../platform/backup/control-socket.ts';
import { DatabaseLockedError, openPostgres, openSqlite, SQLITE_FILE_NAME } from '../platform/db/database.ts';
import { backupCommandFailure, runAsProgram } from './run-command.ts';

const USAGE = `Usage: npm run backup -- --to FILE

Writes one archive (tar.gz) of the data folder: a consistent copy of the embedded database,
taken by the running server while it runs (or directly when none runs), the uploads and the
secret key file, with a manifest (app version, schema version, time, checksums). It uses the
same environment as the server (DATA_DIR, DATABASE_URL). With PostgreSQL the archive holds the
data folder only: back the database up with pg_dump (see README.md, section Operations).`;

/** The newest migration the database has run, read from the snapshot or the live database. */
function schemaVersionOfFile(file: string): string {
  const database = new DatabaseSync(file, { readOnly: true });
  try {
    const row = database.prepare('select max(name) as name from kysely_migration').get() as {
      name: string | null;
    };
    if (!row.name) throw new BackupRefusedError('The database has no migrations: nothing to back up.', 66);
    return row.name;
  } finally {
    database.close();
  }
}

/** Backs the data folder up into one archive, while the server runs or not (decision 22). */
export async function runBackupCommand(argv: string[], env: Record<string, string | undefined>) {
  const { values } = parseArgs({
    args: argv,
    options: { to: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.to) return { exitCode: values.help ? 0 : 64, output: USAGE };
  const config = loadConfig(env);
  const dataDir = resolveDataDir(config.dataDir, env);
  const to = path.resolve(env.INIT_CWD || process.cwd(), values.to);
  // Beside the archive: the server writes the snapshot there, so it must be a folder both reach.
  const staging = mkdtempSync(path.join(path.dirname(to), '.toolpass-backup-'));
  try {
    let snapshot: string | undefined;
    let schemaVersion: string;
    if (!config.databaseUrl) {
      if (!existsSync(path.join(dataDir, SQLITE_FILE_NAME)))
        throw new BackupRefusedError(`There is no Toolpass database in ${dataDir}.`, 66);
      snapshot = path.join(staging, SQLITE_FILE_NAME);
      const byServer = await requestSnapshot(dataDir, snapshot);
      if (byServer === undefined) {
        let handle: ReturnType<typeof openSqlite>;
        try {
          handle = openSqlite(dataDir);
        } catch (error) {
          if (!(error instanceof DatabaseLockedError)) throw error;
          throw new BackupRefusedError(
            `A Toolpass server holds ${dataDir} but does not answer on its control socket ` +
              '(its path may be too long): stop it, or give it a shorter DATA_DIR.',
            EXIT_IN_USE,
          );
        }
        try {
          await handle.snapshot?.(snapshot);
        } finally {
          await handle.close();
        }
      }
      schemaVersion = schemaVersionOfFile(snapshot);
    } else {
      const handle = openPostgres(config.databaseUrl);
      try {
        const result = await sql<{
          name: string | null;
        }>`select max(name) as name from kysely_migration`.execute(handle.db);
        schemaVersion = result.rows[0]?.name ?? '';
      } finally {
        await handle.close();
      }
    }
    const manifest = await writeBackupArchive({
      to,
      dataDir,
      databaseSnapshot: snapshot,
      manifest: {
        appVersion: APP_VERSION,
        schemaVersion,
        createdAt: new Date().toISOString(),
        database: config.databaseUrl ? 'postgres' : 'sqlite',
      },
      skip: (absolute) => absolute === to || absolute.startsWith(`${to}.partial-`) || absolute === staging,
    });
    const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    const postgres = config.databaseUrl
      ? '\nThe PostgreSQL database is not in it: run pg_dump as README.md, section Operations, says.'
      : '';
    return {
      exitCode: 0,
      output: `Backed up ${dataDir} to ${to}: ${manifest.files.length} files, ${bytes} bytes, schema ${schemaVersion}.${postgres}`,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.main)
  runAsProgram(runBackupCommand(process.argv.slice(2), process.env), backupCommandFailure);
