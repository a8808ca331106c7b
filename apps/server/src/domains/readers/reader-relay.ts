import type { NfcCard, PairReaderBody, Reader } from '@toolpass/contracts';

/** Who asked, as far as another instance needs to know to run the call as theirs. */
export type RelayActor = { id: number; permissions: { canManageSystemConfiguration: boolean } };

/**
 * Calls that need a reader's socket, sent to the instance that holds it (the reader command
 * relay adapter). Each answers undefined (false for a reset) when no instance holds the reader
 * or the pairing code, and rejects with the holder's error as the holder raised it.
 */
export type ReaderRelay = {
  pair(body: PairReaderBody): Promise<Reader | undefined>;
  enroll(actor: RelayActor, readerId: number): Promise<NfcCard | undefined>;
  reset(actor: RelayActor, readerId: number, cardId: number): Promise<boolean>;
};
