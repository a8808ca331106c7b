import { describe, expect, it } from 'vitest';
import { VirtualNtag424Card } from '../../../cli/reader-simulator/virtual-ntag424-card.ts';
import { deriveCardKey, deriveCardRoot } from './card-keys.ts';
import {
  CardAuthenticationFailed,
  type CardChannel,
  CardCommandFailed,
  CardResponseInvalid,
  enrollCard,
  proveCard,
  resetCard,
} from './card-operations.ts';

const UID = Buffer.from('04a1b2c3d4e5f6', 'hex');
const cardRoot = deriveCardRoot('a-secret-key-of-at-least-thirty-two-characters');
const context = { uid: UID, cardRoot, keyVersion: 1 };
const ZERO_KEYS = Array.from({ length: 5 }, () => ({ key: '0'.repeat(32), version: 0 }));

/** The card in the reader's field: a tap powers it up afresh. */
function tap(card: VirtualNtag424Card): CardChannel {
  card.enterField();
  return { transmit: async (apdu) => card.process(apdu) };
}

/** A reader that loses the card after the card executed (but before it answered) command number `cutAt`. */
function tornTap(card: VirtualNtag424Card, cutAt: number): CardChannel {
  card.enterField();
  let count = 0;
  return {
    transmit: async (apdu) => {
      const answer = card.process(apdu);
      count += 1;
      if (count === cutAt) throw new Error('card left the field');
      return answer;
    },
  };
}

function recordingTap(
  card: VirtualNtag424Card,
  exchange: Array<{ command: Buffer; answer: Buffer }>,
): CardChannel {
  card.enterField();
  return {
    transmit: async (apdu) => {
      const answer = card.process(apdu);
      exchange.push({ command: Buffer.from(apdu), answer: Buffer.from(answer) });
      return answer;
    },
  };
}

async function enrolledCard(): Promise<VirtualNtag424Card> {
  const card = VirtualNtag424Card.factory(UID);
  await enrollCard(tap(card), context);
  return card;
}

describe('enrolment', () => {
  it('writes the derived keys 1 and 0 at the key version to a factory card, and the card then proves itself', async () => {
    const card = VirtualNtag424Card.factory(UID);
    await expect(enrollCard(tap(card), context)).resolves.toEqual({ recoveredEarlierEnrolment: false });

    const stored = card.toJSON().keys;
    expect(stored[0]).toEqual({
      key: deriveCardKey({ cardRoot, uid: UID, keyNo: 0, keyVersion: 1 }).toString('hex'),
      version: 1,
    });
    expect(stored[1]).toEqual({
      key: deriveCardKey({ cardRoot, uid: UID, keyNo: 1, keyVersion: 1 }).toString('hex'),
      version: 1,
    });
    expect(stored.slice(2)).toEqual(ZERO_KEYS.slice(2));
    await expect(proveCard(tap(card), context)).resolves.toBe(true);
  });

  it('recovers a card torn after key 1 was written (key 0 still zero)', async () => {
    const card = VirtualNtag424Card.factory(UID);
    // select, two authentication frames, then ChangeKey 1 is the fourth command.
    await expect(enrollCard(tornTap(card, 4), context)).rejects.toThrow('card left the field');
    expect(card.keyVersion(1)).toBe(1);
    expect(card.keyVersion(0)).toBe(0);
    await expect(proveCard(tap(card), context)).resolves.toBe(true);

    await expect(enrollCard(tap(card), context)).resolves.toEqual({ recoveredEarlierEnrolment: true });
    expect(card.keyVersion(0)).toBe(1);
    await expect(proveCard(tap(card), context)).resolves.toBe(true);
  });

  it('recovers a card torn after key 0 was written, before the proof', async () => {
    const card = VirtualNtag424Card.factory(UID);
    await expect(enrollCard(tornTap(card, 5), context)).rejects.toThrow('card left the field');
    expect(card.keyVersion(0)).toBe(1);
    await expect(enrollCard(tap(card), context)).resolves.toEqual({ recoveredEarlierEnrolment: true });
    await expect(proveCard(tap(card), context)).resolves.toBe(true);
  });

  it('refuses a card whose key 0 is neither zero nor ours, and writes nothing to it', async () => {
    const foreign = await enrolledCard();
    const before = foreign.toJSON();
    const otherSystem = {
      uid: UID,
      cardRoot: deriveCardRoot('another-secret-key-of-thirty-two-characters'),
      keyVersion: 1,
    };
    await expect(enrollCard(tap(foreign), otherSystem)).rejects.toBeInstanceOf(CardAuthenticationFailed);
    await expect(enrollCard(tap(foreign), { ...context, keyVersion: 2 })).rejects.toMatchObject({ keyNo: 0 });
    expect(foreign.toJSON()).toEqual(before);
  });

  it('reports a card that is not an NTAG 424 DNA by the status word of its select', async () => {
    const notOurs: CardChannel = { transmit: async () => Buffer.from('6a82', 'hex') };
    const failure = enrollCard(notOurs, context);
    await expect(failure).rejects.toBeInstanceOf(CardCommandFailed);
    await expect(failure).rejects.toMatchObject({ command: 'ISOSelectFile', statusWord: 0x6a82 });
  });

  it('refuses an answer to ChangeKey whose MAC does not verify', async () => {
    const card = VirtualNtag424Card.factory(UID);
    let count = 0;
    const forging: CardChannel = {
      transmit: async (apdu) => {
        const answer = Buffer.from(card.process(apdu));
        count += 1;
        if (count === 4) answer[0] = (answer[0] ?? 0) ^ 0x01;
        return answer;
      },
    };
    card.enterField();
    await expect(enrollCard(forging, context)).rejects.toBeInstanceOf(CardResponseInvalid);
  });
});

describe('a tap', () => {
  it('refuses a clone with the same UID but factory keys, or keys of another system', async () => {
    await expect(proveCard(tap(VirtualNtag424Card.factory(UID)), context)).resolves.toBe(false);
    const otherRoot = deriveCardRoot('another-secret-key-of-thirty-two-characters');
    const clone = VirtualNtag424Card.factory(UID);
    await enrollCard(tap(clone), { ...context, cardRoot: otherRoot });
    await expect(proveCard(tap(clone), context)).resolves.toBe(false);
  });

  it('still proves itself after the simulator stored it as JSON and loaded it again', async () => {
    const card = await enrolledCard();
    const reloaded = VirtualNtag424Card.fromJSON(JSON.parse(JSON.stringify(card)));
    await expect(proveCard(tap(reloaded), context)).resolves.toBe(true);
  });

  it('refuses an enrolled card under another key version or another UID', async () => {
    const card = await enrolledCard();
    await expect(proveCard(tap(card), { ...context, keyVersion: 2 })).resolves.toBe(false);
    await expect(
      proveCard(tap(card), { ...context, uid: Buffer.from('04a1b2c3d4e5f7', 'hex') }),
    ).resolves.toBe(false);
  });

  it('refuses a device that replays the answers of a recorded genuine tap', async () => {
    const card = await enrolledCard();
    const exchange: Array<{ command: Buffer; answer: Buffer }> = [];
    await expect(proveCard(recordingTap(card, exchange), context)).resolves.toBe(true);
    expect(exchange).toHaveLength(3);

    const answers = exchange.map((step) => step.answer);
    const replaying: CardChannel = { transmit: async () => answers.shift() ?? Buffer.from('6f00', 'hex') };
    await expect(proveCard(replaying, context)).resolves.toBe(false);
  });

  it('lets a card refuse the recorded commands of an earlier tap', async () => {
    const card = await enrolledCard();
    const exchange: Array<{ command: Buffer; answer: Buffer }> = [];
    await proveCard(recordingTap(card, exchange), context);
    const channel = tap(card);
    const answers: string[] = [];
    for (const step of exchange) answers.push((await channel.transmit(step.command)).toString('hex'));
    expect(answers.at(-1)).toBe('91ae');
  });

  it("passes the channel's own failure on instead of calling the card unknown", async () => {
    const gone: CardChannel = { transmit: async () => Promise.reject(new Error('APDU timed out')) };
    await expect(proveCard(gone, context)).rejects.toThrow('APDU timed out');
  });
});

describe('reset', () => {
  it('gives an enrolled card its zero keys back, after which it proves nothing and can be enrolled again', async () => {
    const card = await enrolledCard();
    await resetCard(tap(card), context);
    expect(card.toJSON().keys).toEqual(ZERO_KEYS);
    await expect(proveCard(tap(card), context)).resolves.toBe(false);
    await expect(enrollCard(tap(card), context)).resolves.toEqual({ recoveredEarlierEnrolment: false });
  });

  it('finishes a reset torn after key 1 was set back to zero', async () => {
    const card = await enrolledCard();
    await expect(resetCard(tornTap(card, 4), context)).rejects.toThrow('card left the field');
    expect(card.keyVersion(1)).toBe(0);
    expect(card.keyVersion(0)).toBe(1);
    await resetCard(tap(card), context);
    expect(card.toJSON().keys).toEqual(ZERO_KEYS);
  });

  it("refuses a card that does not hold this UID's derived key 0, changing nothing", async () => {
    const factory = VirtualNtag424Card.factory(UID);
    await expect(resetCard(tap(factory), context)).rejects.toBeInstanceOf(CardAuthenticationFailed);
    const card = await enrolledCard();
    const before = card.toJSON();
    await expect(resetCard(tap(card), { ...context, keyVersion: 2 })).rejects.toBeInstanceOf(
      CardAuthenticationFailed,
    );
    expect(card.toJSON()).toEqual(before);
  });
});
