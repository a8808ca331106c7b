import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, UsernameSchema } from '@toolpass/contracts';

/** Spaces, @ and control or invisible characters are not allowed in usernames (contracts). */
const NOT_IN_USERNAMES = /[\s@\p{Cc}\p{Cf}]/gu;

function cleaned(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const name = value.normalize('NFKC').replace(NOT_IN_USERNAMES, '').slice(0, USERNAME_MAX_LENGTH);
  return name.length >= USERNAME_MIN_LENGTH && UsernameSchema.safeParse(name).success ? name : undefined;
}

/**
 * The username an account created by single sign-on asks for: the provider's
 * preferred_username, else the local part of the email, made valid; `user` when neither is.
 */
export function ssoUsernameBase(preferredUsername: string | undefined, email: string): string {
  return cleaned(preferredUsername) ?? cleaned(email.split('@')[0]) ?? 'user';
}

/** The base, then the base with -2, -3, ...: what is tried until one is free. */
export function* ssoUsernameCandidates(base: string, random: () => string): Generator<string> {
  yield base;
  for (let n = 2; n <= 50; n += 1) {
    const suffix = `-${n}`;
    yield `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
  }
  // Fifty people of one name: the rest get a random suffix instead of a longer search.
  for (;;) {
    const suffix = `-${random()}`;
    yield `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
  }
}
