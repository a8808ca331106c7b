import { passwordHashesComputed } from '../platform/crypto/password.ts';

/** Sends every request at once; the statuses and the scrypt hashes the server computed meanwhile. */
export async function burst(send: (index: number) => Promise<{ statusCode: number }>, size: number) {
  const before = passwordHashesComputed();
  const responses = await Promise.all(Array.from({ length: size }, (_, index) => send(index)));
  const statuses = responses.map((response) => response.statusCode);
  return {
    hashes: passwordHashesComputed() - before,
    count: (status: number) => statuses.filter((seen) => seen === status).length,
    statuses,
  };
}

/** Client addresses under `prefix` (`10.0`), a new one each call, so each starts a fresh budget. */
export function clientAddresses(prefix: string) {
  let address = 0;
  return () => {
    address += 1;
    return `${prefix}.${address >> 8}.${address & 255}`;
  };
}
