import { AES_BLOCK_BYTES, encryptBlock, encryptCbc } from './aes-128.ts';

/** The constant Rb of NIST SP 800-38B for a 128-bit block. */
const RB = 0x87;

/** Doubling in GF(2^128): shift left by one bit, folding the carried-out bit back in with Rb. */
function double(block: Buffer): Buffer {
  const doubled = Buffer.alloc(AES_BLOCK_BYTES);
  for (let index = 0; index < AES_BLOCK_BYTES; index += 1) {
    const next = index + 1 < AES_BLOCK_BYTES ? (block[index + 1] ?? 0) : 0;
    doubled[index] = (((block[index] ?? 0) << 1) | (next >>> 7)) & 0xff;
  }
  if (((block[0] ?? 0) & 0x80) !== 0) doubled[AES_BLOCK_BYTES - 1] = (doubled[AES_BLOCK_BYTES - 1] ?? 0) ^ RB;
  return doubled;
}

function xor(left: Buffer, right: Buffer): Buffer {
  const result = Buffer.alloc(left.length);
  for (let index = 0; index < left.length; index += 1)
    result[index] = (left[index] ?? 0) ^ (right[index] ?? 0);
  return result;
}

/**
 * AES-128 CMAC (NIST SP 800-38B, RFC 4493), the MAC behind NTAG 424 DNA session keys and secure
 * messaging. Node has no CMAC, so it is built here once from AES: the last block is XORed with
 * subkey K1 when complete, or padded with 0x80 0x00… and XORed with K2, and the message is then
 * run through AES-CBC with a zero IV; the last cipher block is the MAC.
 */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const k1 = double(encryptBlock(key, Buffer.alloc(AES_BLOCK_BYTES)));
  const k2 = double(k1);
  const complete = message.length > 0 && message.length % AES_BLOCK_BYTES === 0;
  const lastStart = complete
    ? message.length - AES_BLOCK_BYTES
    : message.length - (message.length % AES_BLOCK_BYTES);
  const head = message.subarray(0, lastStart);
  const tail = message.subarray(lastStart);
  const lastBlock = complete
    ? xor(tail, k1)
    : xor(Buffer.concat([tail, Buffer.from([0x80]), Buffer.alloc(AES_BLOCK_BYTES - tail.length - 1)]), k2);
  const cipherText = encryptCbc(key, Buffer.concat([head, lastBlock]));
  return cipherText.subarray(cipherText.length - AES_BLOCK_BYTES);
}
