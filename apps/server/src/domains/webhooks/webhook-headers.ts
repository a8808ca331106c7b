import { isCredentialHeaderName } from '@toolpass/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';

/**
 * A webhook's headers as stored: credential headers (Authorization, Cookie, names with token,
 * secret or key) hold their value sealed, the others in clear (decision 17).
 */
export type StoredHeaders = Record<string, string>;

/** Sealed values start with the box's format; a value from before issue 26 does not. */
const isSealed = (value: string) => value.startsWith('v1:');

/** What answers show: the other headers with their values, the credential ones by name only. */
export function shownHeaders(stored: StoredHeaders): {
  headers: Record<string, string>;
  credentialHeaders: string[];
} {
  const headers: Record<string, string> = {};
  const credentialHeaders: string[] = [];
  for (const [name, value] of Object.entries(stored)) {
    if (isCredentialHeaderName(name)) credentialHeaders.push(name);
    else headers[name] = value;
  }
  return { headers, credentialHeaders };
}

/** The headers to send, credential values opened; throws when one was sealed under another key. */
export function openHeaders(stored: StoredHeaders, box: SecretBox): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stored).map(([name, value]) => [
      name,
      isCredentialHeaderName(name) && isSealed(value) ? box.open(value) : value,
    ]),
  );
}

/** The headers of a new webhook as stored; a credential header with an empty value is left out. */
export function sealHeaders(given: Record<string, string>, box: SecretBox): StoredHeaders {
  return mergeHeaders({}, given, { box, moved: false });
}

/**
 * The stored headers after an update. Given headers replace the other headers as a whole; a
 * credential header keeps its stored value unless the update names it (an empty value removes it)
 * or the address moved to another origin, where a secret meant for the old receiver must not go.
 */
export function mergeHeaders(
  stored: StoredHeaders,
  given: Record<string, string> | undefined,
  options: { box: SecretBox; moved: boolean },
): StoredHeaders {
  const merged: StoredHeaders = {};
  const plain = given ?? stored;
  for (const [name, value] of Object.entries(plain)) {
    if (!isCredentialHeaderName(name)) merged[name] = value;
  }
  if (!options.moved) {
    for (const [name, value] of Object.entries(stored)) {
      if (isCredentialHeaderName(name)) merged[name] = value;
    }
  }
  for (const [name, value] of Object.entries(given ?? {})) {
    if (!isCredentialHeaderName(name)) continue;
    for (const existing of Object.keys(merged)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
    }
    if (value !== '') merged[name] = options.box.seal(value);
  }
  return merged;
}

/** Whether a new address is another origin (scheme, host or port) than the stored one. */
export function isOtherOrigin(stored: string, next: string): boolean {
  return new URL(stored).origin !== new URL(next).origin;
}
