import { hash, randomBytes } from 'node:crypto';

/** A random token for a person or a browser to hold; only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 in hex; runs on every authenticated request, so the one-shot form without a Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
