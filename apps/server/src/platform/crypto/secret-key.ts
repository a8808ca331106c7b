import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * SECRET_KEY from the environment, or one generated once into DATA_DIR so a small install needs
 * no setup. It encrypts stored secrets of later integrations (architecture §Security).
 */
export function resolveSecretKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
