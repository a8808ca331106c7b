import type { CardOperations } from '../../domains/readers/reader-taps.service.ts';
import { CardError, enrollCard, proveCard, resetCard } from './ntag424/card-operations.ts';

/** The NTAG 424 DNA operations bound to the card root derived once from SECRET_KEY. */
export function createServerCardOperations(cardRoot: Buffer): CardOperations {
  return {
    prove: (channel, { uid, keyVersion }) => proveCard(channel, { uid, cardRoot, keyVersion }),
    enroll: async (channel, { uid, keyVersion }) => {
      await enrollCard(channel, { uid, cardRoot, keyVersion });
    },
    reset: (channel, { uid, keyVersion }) => resetCard(channel, { uid, cardRoot, keyVersion }),
    isCardError: (error) => error instanceof CardError,
  };
}
