import { ErrorCodes, Messages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp, unique } from '../../test/build-test-app.ts';
import { linkIn } from '../../test/smtp-capture.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const NO_PERMISSIONS = {
  canManageResources: false,
  canManageSystemConfiguration: false,
  canManageUsers: false,
};

describe.each(TEST_DIALECTS)('users on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  function register(overrides: Record<string, unknown> = {}) {
    const username = unique('reg');
    const payload = {
      username,
      email: `${username}@example.org`,
      password: TEST_PASSWORD,
      strategy: 'local_password',
      ...overrides,
    };
    return t.app
      .inject({ method: 'POST', url: '/api/users', payload })
      .then((response) => ({ response, payload }));
  }

  function signIn(username: string, password = TEST_PASSWORD) {
    return t.app.inject({ method: 'POST', url: '/api/auth/session/local', payload: { username, password } });
  }

  describe('POST /api/users', () => {
    it('registers an unverified member and mails a verification link that verifies the address', async () => {
      const { response, payload } = await register();
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        username: payload.username,
        email: payload.email,
        isEmailVerified: false,
        externalIdentifier: null,
      });
      const mail = await t.smtp.waitFor(payload.email, /Confirm your email address/);
      expect(mail.html).toContain(payload.username);
      const url = linkIn(mail, '/verify-email');
      expect(url.origin).toBe('http://toolpass.test');
      expect(url.searchParams.get('email')).toBe(payload.email);

      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token: url.searchParams.get('token'), email: url.searchParams.get('email') },
      });
      expect(verified.statusCode).toBe(200);
      const session = await signIn(payload.username);
      expect(session.statusCode).toBe(200);
      expect(session.json().user.isEmailVerified).toBe(true);
    });

    it('refuses a taken username and a taken email in any letter case with one 409 that does not say which', async () => {
      const { payload } = await register();
      const sameName = await register({ username: payload.username.toUpperCase() });
      const sameEmail = await register({ email: payload.email.toUpperCase() });
      for (const { response } of [sameName, sameEmail]) {
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          message: Messages.usernameOrEmailInUse,
          errorCode: ErrorCodes.usernameOrEmailInUse,
        });
        expect(response.json().errors).toBeUndefined();
      }
    });

    it('refuses a short password, a bad email and a wrong strategy with "Invalid input data." and field messages', async () => {
      const count = await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const { response } = await register({ password: 'short', email: 'not-an-email', strategy: 'sso' });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe(Messages.invalidInput);
      expect(body.errors.password).toEqual(['Password must be at least 8 characters long.']);
      expect(body.errors.email).toBeDefined();
      expect(body.errors.strategy).toBeDefined();
      const after = await t.database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(count.n));
    });

    it('accepts exactly 8 characters', async () => {
      const { response } = await register({ password: '12345678' });
      expect(response.statusCode).toBe(201);
    });
  });

  describe('the first account', () => {
    it('is announced to signed-out visitors only while no account exists, beside how mails leave', async () => {
      await t.given.user();
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/setup' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ firstAccount: false, mailDelivery: 'smtp' });
    });

    it('tells the sign-up screen that mails go to the server output when no mail server is configured', async () => {
      const printed: string[] = [];
      const { createMailTransport } = await import('../../platform/mail/mail-transport.ts');
      const { pino } = await import('pino');
      const withoutSmtp = await buildTestApp(
        dialect,
        {
          mailTransport: createMailTransport({
            smtpUrl: undefined,
            from: 'Toolpass <toolpass@toolpass.test>',
            // At warn, as a quiet install might run: the links are printed all the same. The
            // JSON lines themselves go nowhere.
            logger: pino({ level: 'warn' }, { write: () => undefined }),
            print: (text) => void printed.push(text),
          }),
        },
        { smtpUrl: undefined },
      );
      try {
        const setup = await withoutSmtp.app.inject({ method: 'GET', url: '/api/auth/setup' });
        expect(setup.json()).toEqual({ firstAccount: true, mailDelivery: 'server-output' });
        const registered = await withoutSmtp.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            username: 'printed',
            email: 'printed@example.org',
            password: TEST_PASSWORD,
            strategy: 'local_password',
          },
        });
        expect(registered.statusCode).toBe(201);
        // The link the screen points at is in the server's output.
        await expect.poll(() => printed.join('')).toContain('Open: http');
        expect(printed.join('')).toContain('to printed@example.org');
      } finally {
        await withoutSmtp.close();
      }
    });

    it('becomes administrator on an empty database, and the second does not', async () => {
      const fresh = await buildTestApp(dialect);
      try {
        const before = await fresh.app.inject({ method: 'GET', url: '/api/auth/setup' });
        expect(before.statusCode).toBe(200);
        expect(before.json()).toEqual({ firstAccount: true, mailDelivery: 'smtp' });
        const first = await fresh.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            username: 'first',
            email: 'first@example.org',
            password: TEST_PASSWORD,
            strategy: 'local_password',
          },
        });
        const second = await fresh.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            username: 'second',
            email: 'second@example.org',
            password: TEST_PASSWORD,
            strategy: 'local_password',
          },
        });
        expect(first.json().systemPermissions).toEqual({
          canManageResources: true,
          canManageSystemConfiguration: true,
          canManageUsers: true,
        });
        expect(second.json().systemPermissions).toEqual(NO_PERMISSIONS);
        const after = await fresh.app.inject({ method: 'GET', url: '/api/auth/setup' });
        expect(after.json()).toEqual({ firstAccount: false, mailDelivery: 'smtp' });
      } finally {
        await fresh.close();
      }
    });

    it('is only one even when several register at the same moment', async () => {
      const fresh = await buildTestApp(dialect);
      try {
        const responses = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            fresh.app.inject({
              method: 'POST',
              url: '/api/users',
              // Eight people at eight machines: one client may only run a few costly calls at once.
              remoteAddress: `10.0.0.${index + 1}`,
              payload: {
                username: `racer${index}`,
                email: `racer${index}@example.org`,
                password: TEST_PASSWORD,
                strategy: 'local_password',
              },
            }),
          ),
        );
        expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
        const admins = responses.filter((response) => response.json().systemPermissions.canManageUsers);
        expect(admins).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });

    it('stores the password with the production scrypt parameters', async () => {
      const fresh = await buildTestApp(dialect, { scrypt: undefined });
      try {
        await fresh.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            username: 'hashed',
            email: 'hashed@example.org',
            password: TEST_PASSWORD,
            strategy: 'local_password',
          },
        });
        const row = await fresh.database.db
          .selectFrom('users')
          .select('password_hash')
          .executeTakeFirstOrThrow();
        expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
        expect(row.password_hash).not.toContain(TEST_PASSWORD);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('POST /api/users/verify-email', () => {
    it('refuses a wrong token, a wrong email and a reused token with "Invalid token or email."', async () => {
      const { payload } = await register();
      const url = linkIn(await t.smtp.waitFor(payload.email, /Confirm/), '/verify-email');
      const token = url.searchParams.get('token');
      const cases = [
        { token: 'wrong-token', email: payload.email },
        { token, email: 'someone.else@example.org' },
      ];
      for (const body of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/users/verify-email',
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: Messages.invalidTokenOrEmail,
          errorCode: ErrorCodes.invalidVerificationToken,
        });
      }
      // A failed attempt with the wrong email did not use the token up.
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token, email: payload.email },
      });
      expect(ok.statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token, email: payload.email },
      });
      expect(again.statusCode).toBe(400);
    });

    it('refuses an expired token', async () => {
      const { payload } = await register();
      const url = linkIn(await t.smtp.waitFor(payload.email, /Confirm/), '/verify-email');
      await t.database.db
        .updateTable('user_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .execute();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        payload: { token: url.searchParams.get('token'), email: payload.email },
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers "Invalid token or email." for missing fields', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/users/verify-email', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(Messages.invalidTokenOrEmail);
    });
  });

  describe('password reset', () => {
    it('mails a link; the new password works, the old does not, and every session ends', async () => {
      const user = await t.given.member();
      const request = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email: user.email },
      });
      expect(request.statusCode).toBe(200);
      const url = linkIn(await t.smtp.waitFor(user.email, /Reset your password/), '/reset-password');
      expect(url.searchParams.get('userId')).toBe(String(user.id));

      const change = await t.app.inject({
        method: 'POST',
        url: `/api/users/${url.searchParams.get('userId')}/change-password`,
        payload: { token: url.searchParams.get('token'), password: 'a brand new password' },
      });
      expect(change.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth })).statusCode,
      ).toBe(401);
      expect((await signIn(user.username)).statusCode).toBe(401);
      expect((await signIn(user.username, 'a brand new password')).statusCode).toBe(200);

      const reuse = await t.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/change-password`,
        payload: { token: url.searchParams.get('token'), password: 'yet another password' },
      });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().message).toBe(Messages.invalidInput);
    });

    it("refuses a token used for another user's id and a short password", async () => {
      const user = await t.given.member();
      const other = await t.given.member();
      await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email: user.email },
      });
      const url = linkIn(await t.smtp.waitFor(user.email, /Reset/), '/reset-password');
      const token = url.searchParams.get('token');
      const wrongUser = await t.app.inject({
        method: 'POST',
        url: `/api/users/${other.id}/change-password`,
        payload: { token, password: 'a brand new password' },
      });
      expect(wrongUser.statusCode).toBe(400);
      const short = await t.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/change-password`,
        payload: { token, password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: Messages.invalidInput,
        errors: { password: ['Password must be at least 8 characters long.'] },
      });
      expect((await signIn(user.username)).statusCode).toBe(200);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const email = `${unique('ghost')}@example.org`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email },
      });
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email: (await t.given.member()).email },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(known.body);
      await expect(t.smtp.waitFor(email, undefined, 300)).rejects.toThrow();
    });

    it('refuses a malformed address with "Invalid input data."', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { email: 'nope' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(Messages.invalidInput);
    });

    it('rate limits reset requests for one address with 429', async () => {
      const user = await t.given.member();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/users/reset-password',
          payload: { email: user.email },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('GET /api/users/me', () => {
    it('answers the signed-in user with the email', async () => {
      const user = await t.given.member();
      const response = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: user.id,
        username: user.username,
        email: user.email,
        externalIdentifier: null,
        isEmailVerified: true,
        systemPermissions: NO_PERMISSIONS,
      });
    });

    it('answers 401 "Unauthorized" without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/users/me' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Unauthorized',
      });
      expect(response.json().requestId).toBeTruthy();
    });
  });

  describe('self email change', () => {
    it('mails the new address; the change happens only after the link is followed', async () => {
      const user = await t.given.member();
      const newEmail = `${unique('new')}@example.org`;
      const request = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        headers: user.auth,
        payload: { newEmail },
      });
      expect(request.statusCode).toBe(200);
      const before = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(before.json().email).toBe(user.email);

      const url = linkIn(await t.smtp.waitFor(newEmail, /Confirm your new email/), '/confirm-email-change');
      expect(url.searchParams.get('newEmail')).toBe(newEmail);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm-email-change',
        payload: { token: url.searchParams.get('token'), newEmail },
      });
      expect(confirm.statusCode).toBe(200);
      const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(after.json().email).toBe(newEmail);
      expect((await signIn(newEmail)).statusCode).toBe(200);
    });

    it('answers a taken address as any other, and its owner cannot be moved onto it', async () => {
      const user = await t.given.member();
      const other = await t.given.member();
      const free = `${unique('free')}@example.org`;
      const answers = [];
      // The taken one last: a new request voids the link of the one before.
      for (const newEmail of [free, other.email.toUpperCase()]) {
        answers.push(
          await t.app.inject({
            method: 'POST',
            url: '/api/users/me/request-email-change',
            headers: user.auth,
            payload: { newEmail },
          }),
        );
      }
      const [fresh, taken] = answers;
      expect(taken?.statusCode).toBe(200);
      expect(taken?.body).toBe(fresh?.body);
      // The owner of the taken address gets the link; following it is refused.
      const url = linkIn(await t.smtp.waitFor(other.email.toUpperCase(), /Confirm/), '/confirm-email-change');
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm-email-change',
        payload: { token: url.searchParams.get('token'), newEmail: url.searchParams.get('newEmail') },
      });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().errorCode).toBe(ErrorCodes.emailAlreadyInUse);
    });

    it('refuses a mismatching confirmation with "Invalid token or email."', async () => {
      const user = await t.given.member();
      const newEmail = `${unique('new')}@example.org`;
      await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        headers: user.auth,
        payload: { newEmail },
      });
      const url = linkIn(await t.smtp.waitFor(newEmail, /Confirm/), '/confirm-email-change');
      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm-email-change',
        payload: { token: url.searchParams.get('token'), newEmail: 'other@example.org' },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe(Messages.invalidTokenOrEmail);
    });

    it('sends the old address a notice whose link undoes the change and ends every session', async () => {
      const user = await t.given.member();
      const newEmail = `${unique('taken-over')}@example.org`;
      await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        headers: user.auth,
        payload: { newEmail },
      });
      const confirmUrl = linkIn(await t.smtp.waitFor(newEmail, /Confirm/), '/confirm-email-change');
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm-email-change',
        payload: { token: confirmUrl.searchParams.get('token'), newEmail },
      });
      expect(confirmed.statusCode).toBe(200);

      const notice = await t.smtp.waitFor(user.email, /email address of your account was changed/);
      expect(notice.html).toContain(newEmail);
      const undoUrl = linkIn(notice, '/undo-email-change');
      expect(undoUrl.searchParams.get('email')).toBe(user.email);

      // Whoever holds the new address also asks for a reset there before the owner reacts.
      await t.app.inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: newEmail } });
      const resetUrl = linkIn(await t.smtp.waitFor(newEmail, /Reset your password/), '/reset-password');

      const wrongAddress = await t.app.inject({
        method: 'POST',
        url: '/api/users/undo-email-change',
        payload: { token: undoUrl.searchParams.get('token'), email: newEmail },
      });
      expect(wrongAddress.statusCode).toBe(400);
      expect(wrongAddress.json().message).toBe(Messages.invalidTokenOrEmail);

      const undo = await t.app.inject({
        method: 'POST',
        url: '/api/users/undo-email-change',
        payload: { token: undoUrl.searchParams.get('token'), email: user.email },
      });
      expect(undo.statusCode).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(me.statusCode).toBe(401);
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
      // The reset link that went to the other address is dead, and the undo link works once.
      const reset = await t.app.inject({
        method: 'POST',
        url: `/api/users/${user.id}/change-password`,
        payload: { token: resetUrl.searchParams.get('token'), password: 'taken over for good' },
      });
      expect(reset.statusCode).toBe(400);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/users/undo-email-change',
        payload: { token: undoUrl.searchParams.get('token'), email: user.email },
      });
      expect(again.statusCode).toBe(400);
    });

    it('refuses confirming when the address was taken meanwhile', async () => {
      const user = await t.given.member();
      const newEmail = `${unique('race')}@example.org`;
      await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        headers: user.auth,
        payload: { newEmail },
      });
      const url = linkIn(await t.smtp.waitFor(newEmail, /Confirm/), '/confirm-email-change');
      await t.app.inject({
        method: 'POST',
        url: '/api/users',
        payload: {
          username: unique('thief'),
          email: newEmail,
          password: TEST_PASSWORD,
          strategy: 'local_password',
        },
      });
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/users/confirm-email-change',
        payload: { token: url.searchParams.get('token'), newEmail },
      });
      expect(confirm.statusCode).toBe(409);
      expect(confirm.json().errorCode).toBe(ErrorCodes.emailAlreadyInUse);
    });

    it('needs sign-in and a valid address', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        payload: { newEmail: 'a@b.org' },
      });
      expect(anonymous.statusCode).toBe(401);
      const user = await t.given.member();
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/users/me/request-email-change',
        headers: user.auth,
        payload: { newEmail: 'invalid' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe(Messages.invalidInput);
    });
  });

  describe('own preferences', () => {
    it('keeps the chosen language per account, null following the browser', async () => {
      const user = await t.given.member();
      const read = () =>
        t.app.inject({ method: 'GET', url: '/api/users/me/preferences', headers: user.auth });
      expect((await read()).json()).toEqual({ language: null, notifyBeforeAutomaticEnd: false });
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/preferences',
        headers: user.auth,
        payload: { language: 'de' },
      });
      expect(set.statusCode).toBe(200);
      expect((await read()).json()).toEqual({ language: 'de', notifyBeforeAutomaticEnd: false });
      const other = await t.given.member();
      const theirs = await t.app.inject({
        method: 'GET',
        url: '/api/users/me/preferences',
        headers: other.auth,
      });
      expect(theirs.json()).toEqual({ language: null, notifyBeforeAutomaticEnd: false });
    });

    it('refuses unknown languages and visitors', async () => {
      const user = await t.given.member();
      const unknown = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/preferences',
        headers: user.auth,
        payload: { language: 'fr' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(Messages.invalidInput);
      const visitor = await t.app.inject({ method: 'GET', url: '/api/users/me/preferences' });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/users/{id}/email', () => {
    it('lets a user manager change the address at once, verified', async () => {
      const manager = await t.given.userManager();
      const user = await t.given.member();
      const newEmail = `${unique('admin-set')}@example.org`;
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/email`,
        headers: manager.auth,
        payload: { newEmail },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: user.id, email: newEmail, isEmailVerified: true });
    });

    it('answers each error code of spec 01 §8', async () => {
      const manager = await t.given.userManager();
      const member = await t.given.member();
      const other = await t.given.member();
      const cases = [
        {
          headers: manager.auth,
          id: member.id,
          newEmail: other.email,
          status: 409,
          code: ErrorCodes.emailAlreadyInUse,
          message: Messages.emailAlreadyInUse,
        },
        {
          headers: manager.auth,
          id: 999_999,
          newEmail: 'free@example.org',
          status: 404,
          code: ErrorCodes.userNotFound,
          message: Messages.userNotFound,
        },
        {
          headers: member.auth,
          id: other.id,
          newEmail: 'free@example.org',
          status: 403,
          code: ErrorCodes.insufficientPermissions,
          message: Messages.forbiddenManageUsers,
        },
        {
          headers: manager.auth,
          id: member.id,
          newEmail: 'not-an-email',
          status: 400,
          code: ErrorCodes.invalidEmailFormat,
          message: Messages.invalidEmailAddress,
        },
      ];
      for (const testCase of cases) {
        const response = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${testCase.id}/email`,
          headers: testCase.headers,
          payload: { newEmail: testCase.newEmail },
        });
        expect(response.statusCode).toBe(testCase.status);
        expect(response.json()).toMatchObject({ errorCode: testCase.code, message: testCase.message });
      }
    });
  });

  describe('GET /api/users/{id}', () => {
    it('answers the own account and, to a user manager, any account with email', async () => {
      const member = await t.given.member();
      const manager = await t.given.userManager();
      const own = await t.app.inject({ method: 'GET', url: `/api/users/${member.id}`, headers: member.auth });
      expect(own.json().email).toBe(member.email);
      const managed = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}`,
        headers: manager.auth,
      });
      expect(managed.statusCode).toBe(200);
      expect(managed.json().email).toBe(member.email);
    });

    it("refuses another member's account with the spec's 403 and an unknown id with 404", async () => {
      const member = await t.given.member();
      const other = await t.given.member();
      const manager = await t.given.userManager();
      const forbidden = await t.app.inject({
        method: 'GET',
        url: `/api/users/${other.id}`,
        headers: member.auth,
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(Messages.forbiddenAccessResource);
      const missing = await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: manager.auth });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(Messages.userNotFound);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/users/${other.id}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/users', () => {
    it('pages, searches case-insensitively and filters by ids', async () => {
      const manager = await t.given.userManager();
      const tag = unique('Needle').toLowerCase();
      const found = [];
      for (let index = 0; index < 3; index += 1) {
        const { payload } = await register({
          username: `${tag}${index}`,
          email: `${tag}${index}@example.org`,
        });
        found.push(payload.username);
      }
      const search = await t.app.inject({
        method: 'GET',
        url: `/api/users?search=${encodeURIComponent(`  ${tag.toUpperCase()} `)}&limit=2&page=1`,
        headers: manager.auth,
      });
      expect(search.statusCode).toBe(200);
      const body = search.json();
      expect(body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(body.data.map((user: { username: string }) => user.username)).toEqual(found.slice(0, 2));
      expect(body.data[0].email).toBeDefined();

      const page2 = await t.app.inject({
        method: 'GET',
        url: `/api/users?search=${tag}&limit=2&page=2`,
        headers: manager.auth,
      });
      expect(page2.json().data).toHaveLength(1);

      const byIds = await t.app.inject({
        method: 'GET',
        url: `/api/users?ids=${manager.id}`,
        headers: manager.auth,
      });
      expect(byIds.json().data.map((user: { id: number }) => user.id)).toEqual([manager.id]);
    });

    it('treats % and _ in the search as plain characters', async () => {
      const manager = await t.given.userManager();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users?search=%25',
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBe(0);
    });

    it('refuses members with the spec 403 text and bad paging with 400', async () => {
      const member = await t.given.member();
      const manager = await t.given.userManager();
      const forbidden = await t.app.inject({ method: 'GET', url: '/api/users', headers: member.auth });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(Messages.forbiddenManageUsers);
      const badPage = await t.app.inject({ method: 'GET', url: '/api/users?page=0', headers: manager.auth });
      expect(badPage.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    });
  });

  describe('permissions', () => {
    it('reads and updates one user, and the change takes effect on the next request', async () => {
      const manager = await t.given.userManager();
      const member = await t.given.member();
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}/permissions`,
        headers: manager.auth,
      });
      expect(read.json()).toEqual(NO_PERMISSIONS);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode,
      ).toBe(403);

      const update = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${member.id}/permissions`,
        headers: manager.auth,
        payload: { canManageUsers: true },
      });
      expect(update.statusCode).toBe(200);
      expect(update.json().systemPermissions).toEqual({ ...NO_PERMISSIONS, canManageUsers: true });
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users', headers: member.auth })).statusCode,
      ).toBe(200);
    });

    it('refuses members, unknown users and empty or wrongly typed bodies', async () => {
      const manager = await t.given.userManager();
      const member = await t.given.member();
      const forbidden = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${member.id}/permissions`,
        headers: member.auth,
        payload: { canManageUsers: true },
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(Messages.forbiddenManageUsers);
      const readForbidden = await t.app.inject({
        method: 'GET',
        url: `/api/users/${member.id}/permissions`,
        headers: member.auth,
      });
      expect(readForbidden.json().message).toBe(Messages.forbiddenManageUsers);
      const missing = await t.app.inject({
        method: 'PATCH',
        url: '/api/users/999999/permissions',
        headers: manager.auth,
        payload: { canManageUsers: true },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(Messages.userNotFound);
      for (const payload of [{}, { canManageUsers: 'yes' }]) {
        const bad = await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${member.id}/permissions`,
          headers: manager.auth,
          payload,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toBe(Messages.invalidInput);
      }
    });

    it('never removes the last holder of canManageUsers', async () => {
      const fresh = await buildTestApp(dialect);
      try {
        const only = await fresh.given.userManager();
        const response = await fresh.app.inject({
          method: 'PATCH',
          url: `/api/users/${only.id}/permissions`,
          headers: only.auth,
          payload: { canManageUsers: false },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.canManageUsers).toEqual([Messages.lastUserManager]);
        const still = await fresh.app.inject({ method: 'GET', url: '/api/users', headers: only.auth });
        expect(still.statusCode).toBe(200);
      } finally {
        await fresh.close();
      }
    });

    it('bulk-updates all or nothing', async () => {
      const manager = await t.given.userManager();
      const first = await t.given.member();
      const second = await t.given.member();
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/users/permissions',
        headers: manager.auth,
        payload: {
          updates: [
            { userId: first.id, permissions: { canManageResources: true } },
            { userId: second.id, permissions: { canManageSystemConfiguration: true } },
          ],
        },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.map((user: { systemPermissions: object }) => user.systemPermissions)).toEqual([
        { ...NO_PERMISSIONS, canManageResources: true },
        { ...NO_PERMISSIONS, canManageSystemConfiguration: true },
      ]);

      const partial = await t.app.inject({
        method: 'POST',
        url: '/api/users/permissions',
        headers: manager.auth,
        payload: {
          updates: [
            { userId: first.id, permissions: { canManageUsers: true } },
            { userId: 999_999, permissions: { canManageUsers: true } },
          ],
        },
      });
      expect(partial.statusCode).toBe(404);
      const firstNow = await t.app.inject({
        method: 'GET',
        url: `/api/users/${first.id}/permissions`,
        headers: manager.auth,
      });
      expect(firstNow.json().canManageUsers).toBe(false);

      const forbidden = await t.app.inject({
        method: 'POST',
        url: '/api/users/permissions',
        headers: first.auth,
        payload: { updates: [{ userId: first.id, permissions: { canManageUsers: true } }] },
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe(Messages.forbiddenManageUsers);
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/users/permissions',
        headers: manager.auth,
        payload: { updates: [] },
      });
      expect(empty.statusCode).toBe(400);
    });

    it('lists users with a permission', async () => {
      const manager = await t.given.userManager();
      const resourceManager = await t.given.user({ canManageResources: true });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/with-permission?permission=canManageResources&limit=100',
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(200);
      const ids = response.json().data.map((user: { id: number }) => user.id);
      expect(ids).toContain(resourceManager.id);
      expect(ids).not.toContain(manager.id);
      const badPermission = await t.app.inject({
        method: 'GET',
        url: '/api/users/with-permission?permission=root',
        headers: manager.auth,
      });
      expect(badPermission.statusCode).toBe(400);
      const member = await t.given.member();
      const forbidden = await t.app.inject({
        method: 'GET',
        url: '/api/users/with-permission?permission=canManageUsers',
        headers: member.auth,
      });
      expect(forbidden.json().message).toBe(Messages.forbiddenManageUsers);
    });
  });

  it('never answers a token, hash or password in any user payload', async () => {
    const manager = await t.given.administrator();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users?limit=100',
      headers: manager.auth,
    });
    expect(response.body).not.toMatch(/password|token|hash/i);
  });
});
