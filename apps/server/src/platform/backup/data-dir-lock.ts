import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SQLITE_FILE_NAME } from '../db/database.ts';

/** The file a running server writes its process id into, for the restore's "in use" check. */
export const PID_FILE_NAME = 'toolpass.pid';

/** Marks the data folder as held by this process until `release` (or the process ends). */
export function markDataDirInUse(dataDir: string) {
  const file = path.join(dataDir, PID_FILE_NAME);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return {
    release() {
      // Only our own mark: a server started after us on the same folder keeps its own.
      if (readPid(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is only someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why a running server holds the data folder, or undefined when none does: its process id file
 * names a living process, or the embedded database's file is locked (the server keeps an
 * exclusive lock for as long as it runs, and the OS drops it when the process dies).
 */
export function dataDirHolder(dataDir: string): string | undefined {
  const pid = readPid(path.join(dataDir, PID_FILE_NAME));
  if (pid !== undefined && pid !== process.pid && processIsAlive(pid)) return `process ${pid}`;
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file)) return undefined;
  const probe = new DatabaseSync(file);
  try {
    probe.exec('PRAGMA busy_timeout = 0');
    probe.exec('BEGIN IMMEDIATE; ROLLBACK;');
    return undefined;
  } catch (error) {
    if (error instanceof Error && /locked|busy/i.test(error.message)) return `a process that locks ${file}`;
    throw error;
  } finally {
    probe.close();
  }
}
