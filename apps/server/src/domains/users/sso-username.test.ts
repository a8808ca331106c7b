import { UsernameSchema } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { ssoUsernameBase, ssoUsernameCandidates } from './sso-username.ts';

describe('ssoUsernameBase', () => {
  it('takes the preferred username when it is a valid one', () => {
    expect(ssoUsernameBase('ada.lovelace', 'ada@example.org')).toBe('ada.lovelace');
  });

  it('removes spaces, @ and invisible characters', () => {
    expect(ssoUsernameBase('Ada Love\u200Blace@lab', 'x@example.org')).toBe('AdaLovelacelab');
  });

  it('falls back to the local part of the email, then to user', () => {
    expect(ssoUsernameBase(undefined, 'grace@example.org')).toBe('grace');
    expect(ssoUsernameBase('  ', 'g@example.org')).toBe('user');
  });

  it('keeps to the longest username allowed', () => {
    const base = ssoUsernameBase('a'.repeat(100), 'x@example.org');
    expect(UsernameSchema.safeParse(base).success).toBe(true);
  });
});

describe('ssoUsernameCandidates', () => {
  it('numbers the base, within the length limit, then adds random suffixes', () => {
    const candidates = ssoUsernameCandidates('b'.repeat(64), () => 'r4nd');
    const first = Array.from({ length: 52 }, () => candidates.next().value as string);
    expect(first[0]).toBe('b'.repeat(64));
    expect(first[1]).toBe(`${'b'.repeat(62)}-2`);
    expect(first[51]).toBe(`${'b'.repeat(59)}-r4nd`);
    for (const candidate of first) expect(UsernameSchema.safeParse(candidate).success).toBe(true);
  });
});
