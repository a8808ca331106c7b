import { Messages, SsoMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { burst, clientAddresses } from '../../test/parallel-burst.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const { signIn: perAccount, signInPerClient: perClient } = DEFAULT_RATE_LIMITS;
const BURSTS = [30, 200];

describe.each(TEST_DIALECTS)('parallel password guesses on %s', (dialect) => {
  let t: TestApp;
  const time = offsetClock();
  /** A client address no other test of this file uses, so each starts with a fresh client budget. */
  const freshClient = clientAddresses('10.0');

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/session/local',
      payload: { username, password },
      remoteAddress,
    });

  it.each(BURSTS)(
    'spends at most the account budget in hashes on a burst of %i wrong passwords',
    async (size) => {
      const member = await t.given.member();
      const client = freshClient();
      const result = await burst((index) => signIn(member.username, `guess ${index}`, client), size);
      expect(result.hashes).toBeLessThanOrEqual(perAccount.max);
      expect(result.count(401)).toBe(result.hashes);
      expect(result.count(429)).toBe(size - result.hashes);
      expect(result.count(401) + result.count(429)).toBe(size);

      // The owner waits for the window too, from another address: the budget is the account's.
      const early = await signIn(member.username, TEST_PASSWORD, freshClient());
      expect(early.statusCode).toBe(429);
      expect(early.json().message).toBe(Messages.tooManyRequests);
      time.advance(perAccount.timeWindowMs);
      const after = await signIn(member.username, TEST_PASSWORD, client);
      expect(after.statusCode).toBe(200);
    },
  );

  it.each(BURSTS)(
    'spends at most the client budget on a burst of %i guesses at many accounts',
    async (size) => {
      const client = freshClient();
      const result = await burst((index) => signIn(`nobody-${size}-${index}`, 'guess', client), size);
      expect(result.hashes).toBeLessThanOrEqual(perClient.max);
      expect(result.count(401)).toBe(result.hashes);
      expect(result.count(429)).toBe(size - result.hashes);

      const member = await t.given.member();
      expect((await signIn(member.username, TEST_PASSWORD, client)).statusCode).toBe(429);
      time.advance(perClient.timeWindowMs);
      expect((await signIn(member.username, TEST_PASSWORD, client)).statusCode).toBe(200);
    },
  );

  it('gives a right password back to the budgets: sign-ins of one workshop PC never run out', async () => {
    const client = freshClient();
    const members = await Promise.all(Array.from({ length: 5 }, () => t.given.member()));
    const result = await burst(
      (index) => signIn(members[index % members.length]?.username ?? '', TEST_PASSWORD, client),
      perClient.max * 2,
    );
    expect(result.count(200)).toBe(perClient.max * 2);
  });

  it.each(BURSTS)(
    'spends at most the account budget on a burst of %i account-linking guesses',
    async (size) => {
      const member = await t.given.member();
      const link = (password: string, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sso/link-account',
          payload: { email: member.email, externalId: 'a sign-on handle', password },
          remoteAddress,
        });
      // From many addresses: only the account's budget holds them back.
      const result = await burst(() => link('not the password', freshClient()), size);
      expect(result.hashes).toBeLessThanOrEqual(perAccount.max);
      expect(result.count(401)).toBe(result.hashes);
      expect(result.count(429)).toBe(size - result.hashes);

      expect((await link(TEST_PASSWORD, freshClient())).statusCode).toBe(429);
      time.advance(perAccount.timeWindowMs);
      // The password passes; the handle names no pending sign-on, which is checked after it.
      const after = await link(TEST_PASSWORD, freshClient());
      expect(after.statusCode).toBe(400);
      expect(after.json().message).toBe(SsoMessages.linkExpired);
    },
  );
});
