import { describe, expect, it } from 'vitest';
import { CHANGE_AUTHENTICATED_KEY, CHANGE_OTHER_KEY } from './an12196-examples.ts';
import { changeKeyCommand, changeKeyData, checkChangeKeyResponse, keyChecksum } from './change-key.ts';
import { commandIv, padMethod2 } from './secure-messaging.ts';

const session = (example: { session: typeof CHANGE_OTHER_KEY.session }) => ({
  ...example.session,
  ti: Buffer.from(example.session.ti),
});

describe('ChangeKey, reader side, against AN12196', () => {
  it('builds the Table 25 command for another key: XORed key, version, CRC32NK, padded and MACed', () => {
    const example = CHANGE_OTHER_KEY;
    expect(keyChecksum(example.newKey).toString('hex')).toBe(example.checksum.toString('hex'));
    const data = changeKeyData({
      keyNo: example.keyNo,
      authenticatedKeyNo: 0,
      newKey: example.newKey,
      newKeyVersion: example.newKeyVersion,
      oldKey: example.oldKey,
    });
    expect(padMethod2(data).toString('hex')).toBe(example.paddedData.toString('hex'));
    const state = session(example);
    expect(commandIv(state).toString('hex')).toBe('307ede1814707f30cfe603dd6ca62353');
    expect(changeKeyCommand(state, example).toString('hex')).toBe(example.command.toString('hex'));
  });

  it('accepts the Table 25 answer by its MAC and counts the command', () => {
    const state = session(CHANGE_OTHER_KEY);
    expect(checkChangeKeyResponse(state, CHANGE_OTHER_KEY.keyNo, CHANGE_OTHER_KEY.answer)).toEqual({
      ok: true,
      sessionEnded: false,
    });
    expect(state.commandCounter).toBe(3);
  });

  it('refuses a Table 25 answer with a changed MAC and leaves the counter', () => {
    const state = session(CHANGE_OTHER_KEY);
    const forged = Buffer.from(CHANGE_OTHER_KEY.answer);
    forged[0] = (forged[0] ?? 0) ^ 0x01;
    expect(checkChangeKeyResponse(state, CHANGE_OTHER_KEY.keyNo, forged)).toEqual({
      ok: false,
      reason: 'mac',
    });
    expect(checkChangeKeyResponse(state, CHANGE_OTHER_KEY.keyNo, Buffer.from('9100', 'hex'))).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(state.commandCounter).toBe(2);
  });

  it('builds the Table 26 command for the authenticated key: new key and version, padded and MACed', () => {
    const example = CHANGE_AUTHENTICATED_KEY;
    const data = changeKeyData({ ...example, authenticatedKeyNo: 0 });
    expect(padMethod2(data).toString('hex')).toBe(example.paddedData.toString('hex'));
    const state = session(example);
    expect(commandIv(state).toString('hex')).toBe('01602d579423b2797be8b478b0b4d27b');
    expect(changeKeyCommand(state, example).toString('hex')).toBe(example.command.toString('hex'));
  });

  it('takes the bare Table 26 answer as the end of the session', () => {
    const state = session(CHANGE_AUTHENTICATED_KEY);
    expect(checkChangeKeyResponse(state, 0, CHANGE_AUTHENTICATED_KEY.answer)).toEqual({
      ok: true,
      sessionEnded: true,
    });
    expect(checkChangeKeyResponse(state, 0, Buffer.from('911e', 'hex'))).toEqual({
      ok: false,
      reason: 'status',
      statusWord: 0x911e,
    });
  });

  it('needs the old value to change a key other than the authenticated one', () => {
    expect(() =>
      changeKeyData({ keyNo: 1, authenticatedKeyNo: 0, newKey: Buffer.alloc(16, 1), newKeyVersion: 1 }),
    ).toThrow('old value');
  });
});
