import { describe, expect, it } from 'vitest';
import { decryptCbc } from '../../adapters/readers/ntag424/aes-128.ts';
import {
  AUTHENTICATION_KEY_0,
  AUTHENTICATION_KEY_3,
  CHANGE_AUTHENTICATED_KEY,
  CHANGE_OTHER_KEY,
  SELECT_APPLICATION,
} from '../../adapters/readers/ntag424/an12196-examples.ts';
import { authenticateFirstCommand } from '../../adapters/readers/ntag424/authenticate-ev2-first.ts';
import { changeKeyOnCard, type VirtualCardKey, VirtualNtag424Card } from './virtual-ntag424-card.ts';

const UID = Buffer.from('04a1b2c3d4e5f6', 'hex');

/** Hands out the given values in order, as the card draws RndB and then TI. */
function queuedRandom(...values: Buffer[]) {
  return (size: number) => {
    const next = values.shift();
    if (!next || next.length !== size) throw new Error(`no queued random value of ${size} bytes`);
    return Buffer.from(next);
  };
}

const zeroKeys = (): VirtualCardKey[] =>
  Array.from({ length: 5 }, () => ({ key: Buffer.alloc(16), version: 0 }));
const dataField = (apdu: Buffer) => apdu.subarray(5, apdu.length - 1);
const session = (example: { session: typeof CHANGE_OTHER_KEY.session }) => ({
  ...example.session,
  ti: Buffer.from(example.session.ti),
});

describe('virtual NTAG 424 DNA card against AN12196', () => {
  it('answers the Table 22 select', () => {
    const card = VirtualNtag424Card.factory(UID);
    expect(card.process(SELECT_APPLICATION.command).toString('hex')).toBe(
      SELECT_APPLICATION.answer.toString('hex'),
    );
  });

  it("answers both frames of Table 14 (key 0) when it draws the note's RndB and TI", () => {
    const example = AUTHENTICATION_KEY_0;
    const card = VirtualNtag424Card.factory(UID, queuedRandom(example.rndB, example.ti));
    card.process(SELECT_APPLICATION.command);
    expect(card.process(example.firstCommand).toString('hex')).toBe(example.challenge.toString('hex'));
    expect(card.process(example.secondCommand).toString('hex')).toBe(example.answer.toString('hex'));
  });

  it('answers Table 19 (key 3) with the TI of the note', () => {
    const example = AUTHENTICATION_KEY_3;
    const rndB = decryptCbc(example.key, example.challenge.subarray(0, 16));
    const card = VirtualNtag424Card.factory(UID, queuedRandom(rndB, example.ti));
    card.process(SELECT_APPLICATION.command);
    expect(card.process(authenticateFirstCommand(3)).toString('hex')).toBe(example.challenge.toString('hex'));
    expect(card.process(example.secondCommand).toString('hex')).toBe(example.answer.toString('hex'));
  });

  it("executes the Table 25 ChangeKey of key 2 and answers with the note's MAC", () => {
    const keys = zeroKeys();
    const state = session(CHANGE_OTHER_KEY);
    const result = changeKeyOnCard(state, keys, dataField(CHANGE_OTHER_KEY.command));
    expect(result.answer.toString('hex')).toBe(CHANGE_OTHER_KEY.answer.toString('hex'));
    expect(result.sessionEnded).toBe(false);
    expect(keys[2]?.key.toString('hex')).toBe(CHANGE_OTHER_KEY.newKey.toString('hex'));
    expect(keys[2]?.version).toBe(1);
    expect(state.commandCounter).toBe(3);
  });

  it('executes the Table 26 ChangeKey of the authenticated key 0 and ends the session', () => {
    const keys = zeroKeys();
    const result = changeKeyOnCard(
      session(CHANGE_AUTHENTICATED_KEY),
      keys,
      dataField(CHANGE_AUTHENTICATED_KEY.command),
    );
    expect(result.answer.toString('hex')).toBe(CHANGE_AUTHENTICATED_KEY.answer.toString('hex'));
    expect(result.sessionEnded).toBe(true);
    expect(keys[0]?.key.toString('hex')).toBe(CHANGE_AUTHENTICATED_KEY.newKey.toString('hex'));
    expect(keys[0]?.version).toBe(1);
  });

  it('refuses a ChangeKey with a changed MAC or a wrong old key with an integrity error, writing nothing', () => {
    const tampered = Buffer.from(dataField(CHANGE_OTHER_KEY.command));
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0x01;
    const keys = zeroKeys();
    expect(changeKeyOnCard(session(CHANGE_OTHER_KEY), keys, tampered).answer.toString('hex')).toBe('911e');

    // The cryptogram was made for an old key 2 of zero; a card holding another key 2 sees a CRC mismatch.
    const otherKeys = zeroKeys();
    otherKeys[2] = { key: Buffer.alloc(16, 0x55), version: 3 };
    const result = changeKeyOnCard(session(CHANGE_OTHER_KEY), otherKeys, dataField(CHANGE_OTHER_KEY.command));
    expect(result).toEqual({ answer: Buffer.from('911e', 'hex'), sessionEnded: true });
    expect(otherKeys[2]).toEqual({ key: Buffer.alloc(16, 0x55), version: 3 });
    expect(keys[2]?.key.equals(Buffer.alloc(16))).toBe(true);
  });
});

describe('virtual NTAG 424 DNA card rules', () => {
  it('answers native commands only once the application is selected', () => {
    const card = VirtualNtag424Card.factory(UID);
    expect(card.process(authenticateFirstCommand(0)).toString('hex')).toBe('919d');
    expect(card.process(Buffer.from('00a4040c07d276000085010200', 'hex')).toString('hex')).toBe('6a82');
    expect(card.process(authenticateFirstCommand(0)).toString('hex')).toBe('919d');
    card.process(SELECT_APPLICATION.command);
    expect(card.process(authenticateFirstCommand(0)).subarray(-2).toString('hex')).toBe('91af');
    card.enterField();
    expect(card.process(authenticateFirstCommand(0)).toString('hex')).toBe('919d');
  });

  it('answers unknown commands, classes, keys and frames with error status words', () => {
    const card = VirtualNtag424Card.factory(UID);
    card.process(SELECT_APPLICATION.command);
    expect(card.process(Buffer.from('9060000000', 'hex')).toString('hex')).toBe('911c');
    expect(card.process(Buffer.from('80a4040000', 'hex')).toString('hex')).toBe('6e00');
    expect(card.process(authenticateFirstCommand(5)).toString('hex')).toBe('9140');
    expect(card.process(Buffer.from('90af00002000', 'hex').subarray(0, 3)).toString('hex')).toBe('6700');
    expect(card.process(Buffer.from(`90af000020${'00'.repeat(32)}00`, 'hex')).toString('hex')).toBe('91ca');
    expect(card.process(Buffer.from(`90c4000029${'00'.repeat(41)}00`, 'hex')).toString('hex')).toBe('91ae');
  });

  it('refuses a second frame without the rotated RndB, as from a reader without the key', () => {
    const card = VirtualNtag424Card.factory(UID);
    card.process(SELECT_APPLICATION.command);
    card.process(authenticateFirstCommand(0));
    expect(card.process(AUTHENTICATION_KEY_0.secondCommand).toString('hex')).toBe('91ae');
  });

  it('lets only a session of key 0 change keys', () => {
    const example = AUTHENTICATION_KEY_0;
    const card = VirtualNtag424Card.factory(UID, queuedRandom(example.rndB, example.ti));
    card.process(SELECT_APPLICATION.command);
    card.process(authenticateFirstCommand(1));
    card.process(example.secondCommand);
    expect(card.process(Buffer.from(`90c4000029${'00'.repeat(41)}00`, 'hex')).toString('hex')).toBe('919d');
  });

  it('stores and restores its UID, keys and versions as JSON, and refuses a malformed file', () => {
    const keys = zeroKeys();
    keys[1] = { key: Buffer.alloc(16, 0xab), version: 7 };
    const card = new VirtualNtag424Card(UID, keys);
    const restored = VirtualNtag424Card.fromJSON(JSON.parse(JSON.stringify(card)));
    expect(restored.toJSON()).toEqual(card.toJSON());
    expect(restored.uid.equals(UID)).toBe(true);
    expect(restored.keyVersion(1)).toBe(7);
    expect(() => VirtualNtag424Card.fromJSON({ uid: 'zz', keys: [] })).toThrow();
  });
});
