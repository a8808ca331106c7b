import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Stored values start with their format, so a later scheme can be told apart and migrated. */
const FORMAT = 'v1';

/**
 * Encrypts the secrets the app stores (MQTT passwords, webhook secrets, OIDC client secrets,
 * reader keys) with AES-256-GCM under a key derived from SECRET_KEY (DESIGN §6). Each purpose
 * derives its own key, so a value stored for one purpose cannot be read back as another; the
 * authentication tag makes a tampered or foreign value fail instead of decrypting to garbage.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'toolpass-secret-box', purpose, 32));
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
      const [format, iv, tag, sealed] = stored.split(':');
      if (format !== FORMAT || iv === undefined || tag === undefined || sealed === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
