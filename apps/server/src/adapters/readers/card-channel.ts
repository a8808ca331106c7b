/** Relays one command APDU to the card in the reader's field and resolves with its whole answer (status word included); rejects on timeout or disconnect. */
export interface CardChannel {
  transmit(apdu: Buffer): Promise<Buffer>;
}
