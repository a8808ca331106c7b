import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

// OWASP's scrypt options trade memory for parallelism at the same cost; N=2^15, r=8, p=3 keeps
// each hash at 32 MiB so a small server survives a burst of sign-ins (decision 9).
export const DEFAULT_SCRYPT = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

export type ScryptParams = { N: number; r: number; p: number };

/**
 * Hashes under way at once. scrypt runs on libuv's thread pool (4 threads), off the event loop,
 * but each hash keeps a thread busy for about 160 ms: a flood of sign-ins must queue here and
 * leave pool threads for files and images. Two at least, since one halves sign-ins on a 2-core
 * server while the API stayed under 1 ms with two (decision 9).
 */
const MAX_CONCURRENT_HASHES = Math.min(4, Math.max(2, os.availableParallelism() - 1));
let hashing = 0;
const waiting: (() => void)[] = [];
let derived = 0;

/** Hashes this process has computed so far: what a burst really cost, for tests and decision 9. */
export const passwordHashesComputed = (): number => derived;

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return withHashSlot(() => deriveNow(password, salt, params));
}

function deriveNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  derived += 1;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * params.N * params.r * params.p + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, so stored hashes keep working when the parameters change. */
function formatHash(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  return formatHash(params, salt, await derive(password, salt, params));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await verifyPasswordIfAdmitted(password, stored, () => true)) ?? false;
}

/**
 * Verifies a password once a hash slot is free, if `admit`, asked then and just before the
 * hash, allows it; undefined (and no hash) when it does not. A limit that spends its budget in
 * `admit` holds an attempt only while a hash really runs, not while the request queues for a
 * slot: a burst of guesses costs at most the budget in hashes, and honest sign-ins queued behind
 * each other do not use up a shared budget meanwhile (decision 9).
 */
export function verifyPasswordIfAdmitted(
  password: string,
  stored: string,
  admit: () => boolean,
): Promise<boolean | undefined> {
  return withHashSlot(async () => {
    if (!admit()) return undefined;
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64url');
    const actual = await deriveNow(password, Buffer.from(salt, 'base64url'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}

/**
 * What an unknown user's password is checked against: verifying costs one scrypt with today's
 * parameters, as for a real account. Its key is random bytes, not the hash of anything, so no
 * password matches it and nothing is hashed at start-up (hashing a random password there took a
 * pool thread for 160 ms before the server answered its first request, issue 31).
 */
export const hashForUnknownUser = formatHash(DEFAULT_SCRYPT, randomBytes(16), randomBytes(KEY_LENGTH));
