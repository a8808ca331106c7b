import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { loadConfig, resolveDataDir } from '../config/config.ts';
import {
  BackupRefusedError,
  EXIT_DAMAGED,
  EXIT_IN_USE,
  readBackupArchive,
} from '../platform/backup/backup-archive.ts';
import { dataDirHolder } from '../platform/backup/data-dir-lock.ts';
import { SQLITE_FILE_NAME } from '../platform/db/database.ts';
import { knownMigrationNames } from '../platform/db/migrate.ts';
import { backupCommandFailure, runAsProgram } from './run-command.ts';

const USAGE = `Usage: npm run restore -- FILE

Restores a backup archive written by "npm run backup" into DATA_DIR (the same environment as the
server). It refuses, changing nothing, an archive that is damaged, one from a newer schema than
this version knows, and a data folder that a running server holds. What DATA_DIR held before is
moved aside to a folder beside it, not deleted.`;

const migrationNumber = (name: string) => Number(name.slice(0, 4));

/** Restores an archive into the data folder (decision 22). */
export async function runRestoreCommand(argv: string[], env: Record<string, string | undefined>) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  });
  const given = positionals[0];
  if (values.help || !given || positionals.length > 1)
    return { exitCode: values.help ? 0 : 64, output: USAGE };
  const config = loadConfig(env);
  const dataDir = resolveDataDir(config.dataDir, env);
  const file = path.resolve(env.INIT_CWD || process.cwd(), given);

  const { manifest, files } = readBackupArchive(file);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const known = knownMigrationNames(dialect);
  if (!known.includes(manifest.schemaVersion)) {
    const latest = known.at(-1) ?? '';
    const newer = migrationNumber(manifest.schemaVersion) > migrationNumber(latest);
    throw new BackupRefusedError(
      newer
        ? `The backup is from a newer version of Toolpass (schema ${manifest.schemaVersion}, app ${manifest.appVersion}); ` +
            `this version knows schemas up to ${latest}. Update Toolpass first. Nothing was changed.`
        : `The backup's schema ${manifest.schemaVersion} is not one this version of Toolpass knows. Nothing was changed.`,
      EXIT_DAMAGED,
    );
  }
  if (manifest.database !== dialect) {
    throw new BackupRefusedError(
      manifest.database === 'sqlite'
        ? 'The backup holds the embedded database, but DATABASE_URL is set: unset it to restore it. Nothing was changed.'
        : 'The backup is of a server on PostgreSQL: set DATABASE_URL to restore its data folder. Nothing was changed.',
      64,
    );
  }
  const holder = existsSync(dataDir) ? dataDirHolder(dataDir) : undefined;
  if (holder) {
    throw new BackupRefusedError(
      `The data folder ${dataDir} is in use by a running Toolpass server (${holder}). ` +
        'Stop the server first. Nothing was changed.',
      EXIT_IN_USE,
    );
  }

  // Unpacked beside the data folder first, so the swap is a rename on one file system.
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(path.join(parent, `${path.basename(dataDir)}.restoring-`));
  try {
    chmodSync(staging, 0o700);
    for (const [name, data] of files) {
      const target = path.join(staging, name);
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, data, { mode: 0o600 });
    }
    if (manifest.database === 'sqlite') {
      const database = new DatabaseSync(path.join(staging, SQLITE_FILE_NAME));
      try {
        const check = database.prepare('PRAGMA quick_check').get() as Record<string, string>;
        if (Object.values(check)[0] !== 'ok')
          throw new BackupRefusedError(
            `The database in ${file} fails SQLite's check. Nothing was changed.`,
            EXIT_DAMAGED,
          );
      } finally {
        database.close();
      }
    }
    let previous = '';
    if (existsSync(dataDir)) {
      if (readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
      else {
        previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(dataDir, previous);
      }
    }
    renameSync(staging, dataDir);
    const lines = [
      `Restored the backup of ${manifest.createdAt} (app ${manifest.appVersion}, schema ${manifest.schemaVersion}) into ${dataDir}.`,
    ];
    if (previous) lines.push(`What ${dataDir} held before is in ${previous}.`);
    if (manifest.database === 'postgres')
      lines.push('Restore the PostgreSQL database with pg_restore as README.md, section Operations, says.');
    return { exitCode: 0, output: lines.join('\n') };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (import.meta.main)
  runAsProgram(runRestoreCommand(process.argv.slice(2), process.env), backupCommandFailure);
