import { formatStatusWord, parseResponse, StatusWord, selectApplicationCommand } from './apdu.ts';
import {
  type AuthenticationFailure,
  answerChallenge,
  authenticateFirstCommand,
  finishAuthentication,
  type RandomSource,
  secureRandom,
} from './authenticate-ev2-first.ts';
import {
  APPLICATION_MASTER_KEY_NO,
  deriveCardKey,
  FACTORY_KEY,
  FACTORY_KEY_VERSION,
  TAP_KEY_NO,
} from './card-keys.ts';
import { changeKeyCommand, checkChangeKeyResponse } from './change-key.ts';
import type { SecureSession } from './secure-messaging.ts';

/** Relays one command APDU to the card in the reader's field and resolves with its whole answer (status word included); rejects on timeout or disconnect. */
export interface CardChannel {
  transmit(apdu: Buffer): Promise<Buffer>;
}

/** Which card, and which generation of its keys, an operation works with. */
export interface CardKeyContext {
  /** The 7-byte UID the reader reported. */
  uid: Buffer;
  /** From deriveCardRoot(SECRET_KEY). */
  cardRoot: Buffer;
  /** The version the card's keys were (or are to be) written with; one byte. */
  keyVersion: number;
}

export interface CardOperationOptions {
  /** Source of RndA; tests inject fixed values, everything else keeps the default. */
  random?: RandomSource;
}

/** Something the card did or answered that ends the operation; the channel's own errors pass through untouched. */
export abstract class CardError extends Error {}

/** The card did not prove the key: it refused it (91AE) or could not return our RndA. */
export class CardAuthenticationFailed extends CardError {
  readonly keyNo: number;
  constructor(keyNo: number) {
    super(`The card did not authenticate with key ${keyNo}`);
    this.name = 'CardAuthenticationFailed';
    this.keyNo = keyNo;
  }
}

/** The card refused a command with a status word other than the expected one. */
export class CardCommandFailed extends CardError {
  readonly command: string;
  readonly statusWord: number;
  constructor(command: string, statusWord: number) {
    super(`${command} failed with status ${formatStatusWord(statusWord)}`);
    this.name = 'CardCommandFailed';
    this.command = command;
    this.statusWord = statusWord;
  }
}

/** The answer was cut short, of the wrong shape, or its MAC did not verify. */
export class CardResponseInvalid extends CardError {
  readonly command: string;
  constructor(command: string, detail: string) {
    super(`${command}: ${detail}`);
    this.name = 'CardResponseInvalid';
    this.command = command;
  }
}

async function selectApplication(channel: CardChannel): Promise<void> {
  const response = parseResponse(await channel.transmit(selectApplicationCommand()));
  if (!response) throw new CardResponseInvalid('ISOSelectFile', 'answer shorter than a status word');
  if (response.statusWord !== StatusWord.isoOk)
    throw new CardCommandFailed('ISOSelectFile', response.statusWord);
}

function authenticationError(keyNo: number, failure: AuthenticationFailure): CardError {
  if (failure.kind === 'malformed')
    return new CardResponseInvalid('AuthenticateEV2First', 'malformed answer');
  if (failure.kind === 'rnd-a-mismatch') return new CardAuthenticationFailed(keyNo);
  if (failure.statusWord === StatusWord.authenticationError) return new CardAuthenticationFailed(keyNo);
  return new CardCommandFailed('AuthenticateEV2First', failure.statusWord);
}

async function authenticate(
  channel: CardChannel,
  keyNo: number,
  key: Buffer,
  random: RandomSource,
): Promise<SecureSession> {
  const challenge = await channel.transmit(authenticateFirstCommand(keyNo));
  const pending = answerChallenge(key, keyNo, challenge, random);
  if (!pending.ok) throw authenticationError(keyNo, pending.failure);
  const session = finishAuthentication(key, pending.value, await channel.transmit(pending.value.command));
  if (!session.ok) throw authenticationError(keyNo, session.failure);
  return session.value;
}

interface KeyChange {
  keyNo: number;
  newKey: Buffer;
  newKeyVersion: number;
  oldKey?: Buffer;
}

async function changeKey(channel: CardChannel, session: SecureSession, change: KeyChange): Promise<void> {
  const answer = await channel.transmit(changeKeyCommand(session, change));
  const outcome = checkChangeKeyResponse(session, change.keyNo, answer);
  if (outcome.ok) return;
  if (outcome.reason === 'status') throw new CardCommandFailed('ChangeKey', outcome.statusWord);
  throw new CardResponseInvalid(
    'ChangeKey',
    outcome.reason === 'mac' ? 'answer MAC does not verify' : 'malformed answer',
  );
}

/**
 * Changes a key that is not the authenticated one while its current value is one of a few
 * candidates (a torn earlier write leaves either). A wrong old value fails the card's CRC check
 * without writing anything and ends the session, so the next candidate gets a fresh session.
 */
async function changeKeyWithOldKeyAmong(
  channel: CardChannel,
  session: SecureSession,
  reopenSession: () => Promise<SecureSession>,
  change: Omit<KeyChange, 'oldKey'>,
  oldKeys: Buffer[],
): Promise<{ session: SecureSession; oldKeyIndex: number }> {
  let current = session;
  for (const [index, oldKey] of oldKeys.entries()) {
    try {
      await changeKey(channel, current, { ...change, oldKey });
      return { session: current, oldKeyIndex: index };
    } catch (error) {
      if (!(error instanceof CardCommandFailed) || index === oldKeys.length - 1) throw error;
      current = await reopenSession();
    }
  }
  throw new Error('No old key to try');
}

function cardKeys({ uid, cardRoot, keyVersion }: CardKeyContext) {
  return {
    masterKey: deriveCardKey({ cardRoot, uid, keyNo: APPLICATION_MASTER_KEY_NO, keyVersion }),
    tapKey: deriveCardKey({ cardRoot, uid, keyNo: TAP_KEY_NO, keyVersion }),
  };
}

/**
 * One tap: true only when the card in the field proves the derived key 1 of this UID and key
 * version. A fresh RndA per call makes a recorded exchange worthless. Whatever the card answers
 * wrongly is a false; only the channel's own failures (timeout, disconnect) reject.
 */
export async function proveCard(
  channel: CardChannel,
  context: CardKeyContext,
  options: CardOperationOptions = {},
): Promise<boolean> {
  try {
    await selectApplication(channel);
    await authenticate(channel, TAP_KEY_NO, cardKeys(context).tapKey, options.random ?? secureRandom);
    return true;
  } catch (error) {
    if (error instanceof CardError) return false;
    throw error;
  }
}

export interface CardEnrolment {
  /**
   * True when the card already carried this UID's derived key 0 or key 1, left by an earlier
   * enrolment that did not finish (or whose row was deleted without the card at hand).
   */
  recoveredEarlierEnrolment: boolean;
}

/**
 * Writes the derived keys to a factory card: authenticates with key 0 (the zero key, or this UID's
 * derived key 0 left by a torn earlier enrolment), changes key 1 and then key 0 (key 0 last, since
 * changing the authenticated key ends the session), then authenticates with the new key 1 to prove
 * the card took it. Rejects with CardAuthenticationFailed when key 0 is neither (the card belongs
 * to another system, or to another key version), or another CardError.
 */
export async function enrollCard(
  channel: CardChannel,
  context: CardKeyContext,
  options: CardOperationOptions = {},
): Promise<CardEnrolment> {
  const random = options.random ?? secureRandom;
  const { masterKey, tapKey } = cardKeys(context);
  await selectApplication(channel);
  let recoveredEarlierEnrolment = false;
  try {
    const openFactorySession = () => authenticate(channel, APPLICATION_MASTER_KEY_NO, FACTORY_KEY, random);
    const { session, oldKeyIndex } = await changeKeyWithOldKeyAmong(
      channel,
      await openFactorySession(),
      openFactorySession,
      { keyNo: TAP_KEY_NO, newKey: tapKey, newKeyVersion: context.keyVersion },
      [FACTORY_KEY, tapKey],
    );
    recoveredEarlierEnrolment = oldKeyIndex > 0;
    await changeKey(channel, session, {
      keyNo: APPLICATION_MASTER_KEY_NO,
      newKey: masterKey,
      newKeyVersion: context.keyVersion,
    });
  } catch (error) {
    if (!(error instanceof CardAuthenticationFailed) || error.keyNo !== APPLICATION_MASTER_KEY_NO)
      throw error;
    // Key 0 is no longer the zero key: only an earlier enrolment of ours, which wrote key 1 first, is recoverable.
    await authenticate(channel, APPLICATION_MASTER_KEY_NO, masterKey, random);
    recoveredEarlierEnrolment = true;
  }
  await authenticate(channel, TAP_KEY_NO, tapKey, random);
  return { recoveredEarlierEnrolment };
}

/**
 * Gives the card back its factory keys: authenticates with this UID's derived key 0, changes key 1
 * and then key 0 back to the zero key at version 0. Key 1 may already be zero when an earlier reset
 * tore after its first write. Rejects with CardAuthenticationFailed when the card does not hold
 * the derived key 0 (another card, another key version, or one already reset: the row can then
 * simply be deleted).
 */
export async function resetCard(
  channel: CardChannel,
  context: CardKeyContext,
  options: CardOperationOptions = {},
): Promise<void> {
  const random = options.random ?? secureRandom;
  const { masterKey, tapKey } = cardKeys(context);
  const toFactory = { newKey: FACTORY_KEY, newKeyVersion: FACTORY_KEY_VERSION };
  await selectApplication(channel);
  const openSession = () => authenticate(channel, APPLICATION_MASTER_KEY_NO, masterKey, random);
  const { session } = await changeKeyWithOldKeyAmong(
    channel,
    await openSession(),
    openSession,
    { keyNo: TAP_KEY_NO, ...toFactory },
    [tapKey, FACTORY_KEY],
  );
  await changeKey(channel, session, { keyNo: APPLICATION_MASTER_KEY_NO, ...toFactory });
}
