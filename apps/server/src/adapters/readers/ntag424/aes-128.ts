import { createCipheriv, createDecipheriv } from 'node:crypto';

/** Every NTAG 424 DNA key, session key and cipher block is 16 bytes (AES-128). */
export const AES_BLOCK_BYTES = 16;
const ZERO_IV = Buffer.alloc(AES_BLOCK_BYTES);

function requireKey(key: Buffer): void {
  if (key.length !== AES_BLOCK_BYTES) throw new RangeError(`An AES-128 key has 16 bytes, not ${key.length}`);
}

function requireBlocks(data: Buffer): void {
  if (data.length % AES_BLOCK_BYTES !== 0) {
    throw new RangeError(`AES data must be whole 16-byte blocks, not ${data.length} bytes`);
  }
}

/**
 * AES-128-CBC without padding: the card's protocol pads (or deliberately does not pad) itself, so
 * Node's PKCS#7 padding is switched off and the caller hands in whole blocks.
 */
export function encryptCbc(key: Buffer, data: Buffer, iv: Buffer = ZERO_IV): Buffer {
  requireKey(key);
  requireBlocks(data);
  const cipher = createCipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function decryptCbc(key: Buffer, data: Buffer, iv: Buffer = ZERO_IV): Buffer {
  requireKey(key);
  requireBlocks(data);
  const decipher = createDecipheriv('aes-128-cbc', key, iv).setAutoPadding(false);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** One block through the raw cipher (AES-128-ECB), as CMAC subkeys and IV derivation need. */
export function encryptBlock(key: Buffer, block: Buffer): Buffer {
  requireKey(key);
  if (block.length !== AES_BLOCK_BYTES)
    throw new RangeError(`An AES block has 16 bytes, not ${block.length}`);
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}
