import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { burst, clientAddresses } from '../../test/parallel-burst.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const { costlyPerAccount, passwordResetRequest } = DEFAULT_RATE_LIMITS;
const BURSTS = [30, 200];

describe.each(TEST_DIALECTS)('parallel bursts of costly calls for one account on %s', (dialect) => {
  let t: TestApp;
  const time = offsetClock();
  /**
   * Every request of a burst from its own address: the per-client cap on calls under way does
   * not hold them back, only the account's budget does.
   */
  const freshClient = clientAddresses('10.1');

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: freshClient() });
  const mailsTo = (email: string, subject: RegExp) =>
    t.smtp.mails.filter((mail) => mail.to.includes(email) && subject.test(mail.subject)).length;
  /** Waits for the mails the accepted calls queued, then a moment for any that should not come. */
  async function mailsSettle(email: string, subject: RegExp, expected: number) {
    await t.services.users.settle();
    await expect.poll(() => mailsTo(email, subject), { timeout: 10_000 }).toBe(expected);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email, subject)).toBe(expected);
  }

  it.each(BURSTS)('hashes at most the budget on %i registrations of one email', async (size) => {
    const email = `${unique('burst')}@example.org`;
    const register = () =>
      post('/api/users', {
        username: unique('burst'),
        email,
        password: 'a long enough password',
        strategy: 'local_password',
      });
    const result = await burst(register, size);
    expect(result.hashes).toBeLessThanOrEqual(costlyPerAccount.max);
    // One wins; the others let through found the email taken (before or after their hash), and
    // no more were let through than the budget.
    expect(result.count(201)).toBe(1);
    expect(result.count(201) + result.count(409)).toBeLessThanOrEqual(costlyPerAccount.max);
    expect(result.count(201) + result.count(409)).toBeGreaterThanOrEqual(result.hashes);
    expect(result.count(429)).toBe(size - result.count(201) - result.count(409));

    expect((await register()).statusCode).toBe(429);
    time.advance(costlyPerAccount.timeWindowMs);
    // The budget is back: the call is answered on its merits.
    expect((await register()).statusCode).toBe(409);
  });

  it.each(BURSTS)('mails at most the budget on %i reset requests for one address', async (size) => {
    const member = await t.given.member();
    const subject = /Reset your password/;
    const request = () => post('/api/users/reset-password', { email: member.email });
    const result = await burst(request, size);
    expect(result.count(200)).toBeLessThanOrEqual(Math.min(costlyPerAccount.max, passwordResetRequest.max));
    expect(result.count(429)).toBe(size - result.count(200));
    await mailsSettle(member.email, subject, result.count(200));

    expect((await request()).statusCode).toBe(429);
    time.advance(Math.max(costlyPerAccount.timeWindowMs, passwordResetRequest.timeWindowMs));
    expect((await request()).statusCode).toBe(200);
    await mailsSettle(member.email, subject, result.count(200) + 1);
  });

  it.each(BURSTS)('hashes at most the budget on %i password changes with one reset token', async (size) => {
    const member = await t.given.member();
    const resetLink = async () => {
      expect((await post('/api/users/reset-password', { email: member.email })).statusCode).toBe(200);
      const url = linkIn(await t.smtp.waitFor(member.email, /Reset your password/), '/reset-password');
      return url.searchParams.get('token') ?? '';
    };
    const token = await resetLink();
    const change = (password: string, withToken = token) =>
      post(`/api/users/${member.id}/change-password`, { token: withToken, password });
    const result = await burst((index) => change(`a new password number ${index}`), size);
    expect(result.hashes).toBeLessThanOrEqual(costlyPerAccount.max);
    // The token is used once; the others let through found it used (before or after their hash),
    // and no more were let through than the budget.
    expect(result.count(200)).toBe(1);
    expect(result.count(200) + result.count(400)).toBeLessThanOrEqual(costlyPerAccount.max);
    expect(result.count(200) + result.count(400)).toBeGreaterThanOrEqual(result.hashes);
    expect(result.count(429)).toBe(size - result.count(200) - result.count(400));

    const fresh = await resetLink();
    expect((await change('the password after the window', fresh)).statusCode).toBe(429);
    time.advance(costlyPerAccount.timeWindowMs);
    expect((await change('the password after the window', fresh)).statusCode).toBe(200);
  });

  it.each(BURSTS)('mails at most the budget on %i email change requests of one member', async (size) => {
    const member = await t.given.member();
    const newEmail = `${unique('moved')}@example.org`;
    const subject = /Confirm/;
    const request = () =>
      post('/api/users/me/request-email-change', { newEmail }, { authorization: member.auth.authorization });
    const result = await burst(request, size);
    expect(result.count(200)).toBeLessThanOrEqual(costlyPerAccount.max);
    expect(result.count(429)).toBe(size - result.count(200));
    await mailsSettle(newEmail, subject, result.count(200));

    expect((await request()).statusCode).toBe(429);
    time.advance(costlyPerAccount.timeWindowMs);
    expect((await request()).statusCode).toBe(200);
    await mailsSettle(newEmail, subject, result.count(200) + 1);
  });
});
