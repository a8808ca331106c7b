import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Tightens a file or folder to the server's user. One the process does not own is left as its
 * owner set it (EPERM), so a folder shared on purpose by an operator still opens.
 */
export function makePrivate(target: string, mode: number) {
  try {
    chmodSync(target, mode);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EPERM') throw error;
  }
}

/**
 * Creates DATA_DIR and keeps it to the server's user (0700, issue 12), whichever database is in
 * use: the secret key and the uploads live there with PostgreSQL too (issue 25). A folder made
 * open by an earlier version or by hand is tightened.
 */
export function prepareDataDir(dataDir: string) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir, 0o700);
}
