import { describe, expect, it } from 'vitest';
import { AUTHENTICATION_KEY_0, AUTHENTICATION_KEY_3, SELECT_APPLICATION } from './an12196-examples.ts';
import { selectApplicationCommand } from './apdu.ts';
import { answerChallenge, authenticateFirstCommand, finishAuthentication } from './authenticate-ev2-first.ts';
import { deriveSessionKeys } from './secure-messaging.ts';

const fixed = (value: Buffer) => () => Buffer.from(value);

describe('AuthenticateEV2First, reader side, against AN12196', () => {
  it('selects the application by its DF name as in Table 22', () => {
    expect(selectApplicationCommand().toString('hex')).toBe(SELECT_APPLICATION.command.toString('hex'));
  });

  it('replays Table 14 (key 0): both frames, TI and both session keys', () => {
    const example = AUTHENTICATION_KEY_0;
    expect(authenticateFirstCommand(example.keyNo).toString('hex')).toBe(
      example.firstCommand.toString('hex'),
    );

    const pending = answerChallenge(example.key, example.keyNo, example.challenge, fixed(example.rndA));
    if (!pending.ok) throw new Error(`challenge refused: ${JSON.stringify(pending.failure)}`);
    expect(pending.value.rndB.toString('hex')).toBe(example.rndB.toString('hex'));
    expect(pending.value.command.toString('hex')).toBe(example.secondCommand.toString('hex'));

    const session = finishAuthentication(example.key, pending.value, example.answer);
    if (!session.ok) throw new Error(`answer refused: ${JSON.stringify(session.failure)}`);
    expect(session.value.ti.toString('hex')).toBe(example.ti.toString('hex'));
    expect(session.value.encKey.toString('hex')).toBe(example.encKey.toString('hex'));
    expect(session.value.macKey.toString('hex')).toBe(example.macKey.toString('hex'));
    expect(session.value.commandCounter).toBe(0);
    expect(session.value.authenticatedKeyNo).toBe(0);
  });

  it('replays Table 19 (key 3): second frame, TI and both session keys', () => {
    const example = AUTHENTICATION_KEY_3;
    const pending = answerChallenge(example.key, example.keyNo, example.challenge, fixed(example.rndA));
    if (!pending.ok) throw new Error('challenge refused');
    expect(pending.value.command.toString('hex')).toBe(example.secondCommand.toString('hex'));
    const session = finishAuthentication(example.key, pending.value, example.answer);
    if (!session.ok) throw new Error('answer refused');
    expect(session.value.ti.toString('hex')).toBe(example.ti.toString('hex'));
    expect(session.value.encKey.toString('hex')).toBe(example.encKey.toString('hex'));
    expect(session.value.macKey.toString('hex')).toBe(example.macKey.toString('hex'));
    expect(session.value.authenticatedKeyNo).toBe(3);
  });

  it('derives the Table 14 session keys from key, RndA and RndB alone', () => {
    const example = AUTHENTICATION_KEY_0;
    const keys = deriveSessionKeys(example.key, example.rndA, example.rndB);
    expect(keys.encKey.toString('hex')).toBe(example.encKey.toString('hex'));
    expect(keys.macKey.toString('hex')).toBe(example.macKey.toString('hex'));
  });

  it('refuses an answer that does not carry our RndA, as a card without the key or a replay gives', () => {
    const example = AUTHENTICATION_KEY_0;
    // Same card answer, but this time the reader drew another RndA: the recorded answer no longer fits.
    const pending = answerChallenge(example.key, 0, example.challenge, fixed(Buffer.alloc(16, 0x42)));
    if (!pending.ok) throw new Error('challenge refused');
    expect(finishAuthentication(example.key, pending.value, example.answer)).toEqual({
      ok: false,
      failure: { kind: 'rnd-a-mismatch' },
    });
  });

  it('reports the status word of a card that refuses, and malformed frames', () => {
    const example = AUTHENTICATION_KEY_0;
    expect(answerChallenge(example.key, 0, Buffer.from('9140', 'hex'))).toEqual({
      ok: false,
      failure: { kind: 'status', statusWord: 0x9140 },
    });
    expect(answerChallenge(example.key, 0, Buffer.from('0102', 'hex').subarray(0, 1))).toEqual({
      ok: false,
      failure: { kind: 'malformed' },
    });
    const pending = answerChallenge(example.key, 0, example.challenge, fixed(example.rndA));
    if (!pending.ok) throw new Error('challenge refused');
    expect(finishAuthentication(example.key, pending.value, Buffer.from('91ae', 'hex'))).toEqual({
      ok: false,
      failure: { kind: 'status', statusWord: 0x91ae },
    });
    expect(finishAuthentication(example.key, pending.value, Buffer.from('00119100', 'hex'))).toEqual({
      ok: false,
      failure: { kind: 'malformed' },
    });
  });

  it('draws a fresh RndA for every challenge by default', () => {
    const example = AUTHENTICATION_KEY_0;
    const first = answerChallenge(example.key, 0, example.challenge);
    const second = answerChallenge(example.key, 0, example.challenge);
    if (!first.ok || !second.ok) throw new Error('challenge refused');
    expect(first.value.rndA.equals(second.value.rndA)).toBe(false);
    expect(first.value.command.equals(second.value.command)).toBe(false);
  });
});
