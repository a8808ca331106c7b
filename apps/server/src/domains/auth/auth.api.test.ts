import { Messages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { buildTestApp, TEST_PASSWORD, type TestApp, unique } from '../../test/build-test-app.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('authentication on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  describe('POST /api/auth/session/local', () => {
    it('signs in with the username and answers a token and the user with its email', async () => {
      const user = await t.given.member();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.authToken).toMatch(/^[\w-]{40,}$/);
      expect(body.user).toEqual({
        id: user.id,
        username: user.username,
        email: user.email,
        externalIdentifier: null,
        isEmailVerified: true,
        systemPermissions: {
          canManageResources: false,
          canManageSystemConfiguration: false,
          canManageUsers: false,
        },
      });
    });

    it('signs in with the email address, in any letter case', async () => {
      const user = await t.given.member();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username: user.email.toUpperCase(), password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.id).toBe(user.id);
    });

    it('refuses a wrong password and an unknown user with the same 401', async () => {
      const user = await t.given.member();
      for (const payload of [
        { username: user.username, password: 'wrong password' },
        { username: unique('nobody'), password: TEST_PASSWORD },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/session/local', payload });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ statusCode: 401, message: Messages.invalidCredentials });
      }
    });

    it('refuses an unverified account with a clear 401 and sends no second mail', async () => {
      const username = unique('unverified');
      const email = `${username}@example.org`;
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username, email, password: TEST_PASSWORD, strategy: 'local_password' },
      });
      await t.smtp.waitFor(email, /Confirm your email/);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        message: Messages.emailNotVerified,
        errorCode: 'EMAIL_NOT_VERIFIED',
      });
      await expect(t.smtp.waitFor(email, /Confirm your email/, 700)).rejects.toThrow('No mail');
    });

    it('answers 400 with per-field messages for a missing password', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: Messages.invalidInput,
        errors: { password: expect.any(Array) },
      });
    });

    it('answers 400, not 500, for malformed JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(Messages.invalidInput);
    });

    it('rate limits repeated failures on one account with 429, before checking the password', async () => {
      const user = await t.given.member();
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= DEFAULT_RATE_LIMITS.signIn.max + 1; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/session/local',
          payload: { username: user.username, password: 'wrong password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session/local',
        payload: { username: user.username, password: TEST_PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(Messages.tooManyRequests);
      // Another account from the same address is not affected.
      const other = await t.given.member();
      expect(other.token).toBeTruthy();
    });
  });

  describe('GET /api/auth/session/refresh', () => {
    it('answers a new working token and the user, and revokes the token it replaces', async () => {
      const user = await t.given.member();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session/refresh',
        headers: user.auth,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.authToken).not.toBe(user.token);
      expect(body.user.id).toBe(user.id);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${body.authToken}` },
      });
      expect(me.json().id).toBe(user.id);
      // The token it replaces no longer works.
      const old = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(old.statusCode).toBe(401);
    });

    it('answers 401 without a token and with an unknown token', async () => {
      for (const headers of [{}, { authorization: 'Bearer not-a-real-token' }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/session/refresh', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json().message).toBe(Messages.unauthorized);
      }
    });
  });

  describe('DELETE /api/auth/session', () => {
    it('revokes the token: it no longer works afterwards', async () => {
      const user = await t.given.member();
      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: user.auth });
      expect(response.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(me.statusCode).toBe(401);
    });

    it('answers 401 when not signed in', async () => {
      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/session' });
      expect(response.statusCode).toBe(401);
    });
  });

  it('stores only hashes of session tokens', async () => {
    const user = await t.given.member();
    const rows = await t.database.db
      .selectFrom('auth_sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(user.token);
  });

  it('housekeeping removes expired sessions and spent tokens, and nothing else', async () => {
    const user = await t.given.member();
    const expired = await t.given.member();
    await t.database.db
      .updateTable('auth_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', expired.id)
      .execute();
    await t.services.sessions.deleteExpired();
    const left = await t.database.db
      .selectFrom('auth_sessions')
      .select('user_id')
      .where('user_id', 'in', [user.id, expired.id])
      .execute();
    expect(left.map((row) => row.user_id)).toEqual([user.id]);

    await t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: user.email } });
    await t.smtp.waitFor(user.email, /Reset/);
    await t.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where('user_id', '=', user.id)
      .execute();
    await t.services.users.deleteSpentTokens();
    const tokens = await t.database.db
      .selectFrom('user_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toEqual([]);
  });

  describe('POST /api/auth/resend-verification', () => {
    async function registered() {
      const username = unique('unverified');
      const email = `${username}@example.org`;
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: { username, email, password: TEST_PASSWORD, strategy: 'local_password' },
      });
      return { username, email, first: await t.smtp.waitFor(email, /Confirm your email/) };
    }
    const resend = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload });

    it('sends a fresh verification link and says so; only the newest link works', async () => {
      const { username, email, first } = await registered();
      const response = await resend({ username: email, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'sent' });
      const second = await t.smtp.waitFor(email, /Confirm your email/);
      const stale = linkIn(first, '/verify-email');
      const fresh = linkIn(second, '/verify-email');
      const staleAnswer = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token: stale.searchParams.get('token'), email },
      });
      expect(staleAnswer.statusCode).toBe(400);
      const freshAnswer = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token: fresh.searchParams.get('token'), email },
      });
      expect(freshAnswer.statusCode).toBe(200);
      // Verified meanwhile: nothing to send, signing in works.
      const again = await resend({ username, password: TEST_PASSWORD });
      expect(again.json()).toEqual({ status: 'already-verified' });
    });

    it('writes the mail in the language of the screen it was asked on, when the account chose none', async () => {
      const { username, email } = await registered();
      const response = await resend({ username, password: TEST_PASSWORD, language: 'de' });
      expect(response.json()).toEqual({ status: 'sent' });
      const mail = await t.smtp.waitFor(email);
      expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    });

    it('refuses a wrong password with the sign-in answer and sends nothing', async () => {
      const { username, email } = await registered();
      const response = await resend({ username, password: 'not the password' });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(Messages.invalidCredentials);
      await expect(t.smtp.waitFor(email, undefined, 700)).rejects.toThrow('No mail');
    });
  });
});
