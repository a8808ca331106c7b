import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT,
  hashForUnknownUser,
  hashPassword,
  passwordHashesComputed,
  verifyPassword,
} from './password.ts';

// Cheap parameters for the hashes this file makes itself; the unknown user's are the defaults.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('hashes nothing when loaded: the unknown user costs no start-up time', () => {
    expect(passwordHashesComputed()).toBe(0);
  });

  it('checks an unknown user with one hash at the parameters of new accounts, and never matches', async () => {
    const [scheme, n, r, p, salt, key] = hashForUnknownUser.split('$');
    expect({ scheme, N: Number(n), r: Number(r), p: Number(p) }).toEqual({
      scheme: 'scrypt',
      ...DEFAULT_SCRYPT,
    });
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
    const before = passwordHashesComputed();
    expect(await verifyPassword('any password at all', hashForUnknownUser)).toBe(false);
    expect(passwordHashesComputed() - before).toBe(1);
  });

  it('verifies what it hashed, and refuses another password', async () => {
    const stored = await hashPassword('correct horse', FAST);
    expect(stored.startsWith(`scrypt$${FAST.N}$${FAST.r}$${FAST.p}$`)).toBe(true);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });
});
