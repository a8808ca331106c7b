import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored values start with their format, so a later scheme can be told apart and migrated. */
const FORMAT = 'v1';
/**
 * Opened values kept per box. Deliveries open their target's secret for every request; the
 * secrets live in this process's memory while they are used anyway, and a few hundred
 * integrations fit.
 */
const OPENED_CACHE_SIZE = 256;

/**
 * Encrypts the secrets the app stores (MQTT passwords, webhook secrets, OIDC client secrets,
 * reader keys) with AES-256-GCM under a key derived from SECRET_KEY (architecture §Security). Each purpose
 * derives its own key, so a value stored for one purpose cannot be read back as another; the
 * authentication tag makes a tampered or foreign value fail instead of decrypting to garbage.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  // A KeyObject, so that each use does not import the raw key again.
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secretKey, 'toolpass-secret-box', purpose, 32)));
  const opened = new Map<string, string>();
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [FORMAT, iv.toString('base64url'), tag.toString('base64url'), sealed.toString('base64url')].join(
        ':',
      );
    },
    /** Throws when the value was not sealed by this box (another SECRET_KEY, purpose or a change). */
    open(stored: string): string {
      const known = opened.get(stored);
      if (known !== undefined) return known;
      const [format, iv, tag, sealed] = stored.split(':');
      if (format !== FORMAT || iv === undefined || tag === undefined || sealed === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plaintext = Buffer.concat([
        decipher.update(Buffer.from(sealed, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      // Only values that opened are kept (a failure throws above), the oldest one making room.
      if (opened.size >= OPENED_CACHE_SIZE) opened.delete(opened.keys().next().value as string);
      opened.set(stored, plaintext);
      return plaintext;
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
