import { Messages, SsoMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, PUBLIC_URL, TEST_PASSWORD, type TestApp, unique } from '../../test/build-test-app.ts';
import {
  CookieJar,
  type OidcTestProvider,
  signInAtProvider,
  startOidcProvider,
} from '../../test/oidc-provider.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const CLIENT_SECRET = 'client-secret-of-the-test-provider';

function setCookieOf(headers: Record<string, unknown>): string {
  const value = headers['set-cookie'];
  const header = Array.isArray(value) ? value.join('\n') : String(value ?? '');
  return header;
}

describe.each(TEST_DIALECTS)('single sign-on with a real OpenID Provider on %s', (dialect) => {
  let t: TestApp;
  /** The app's clock runs this far ahead of the real one; a test moves it to make a code late. */
  let clockOffsetMs = 0;
  let op: OidcTestProvider;
  let providerId: number;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;

  /** Creates a provider of the app for the test OP and registers the app as its client. */
  async function addProvider(issuerOp: OidcTestProvider, name: string) {
    const clientId = unique('client');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/providers',
      headers: admin.auth,
      payload: {
        name,
        type: 'OIDC',
        oidcConfiguration: {
          issuer: issuerOp.issuer,
          authorizationURL: `${issuerOp.issuer}/auth`,
          tokenURL: `${issuerOp.issuer}/token`,
          userInfoURL: `${issuerOp.issuer}/me`,
          clientId,
          clientSecret: CLIENT_SECRET,
        },
      },
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<{ id: number }>().id;
    issuerOp.addClient({
      clientId,
      clientSecret: CLIENT_SECRET,
      redirectUris: [`${PUBLIC_URL}/api/auth/sso/OIDC/callback`],
    });
    return id;
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: { now: () => new Date(Date.now() + clockOffsetMs) } });
    op = await startOidcProvider();
    admin = await t.given.administrator();
    providerId = await addProvider(op, 'Campus login');
  });
  afterAll(async () => {
    await op?.close();
    await t?.close();
  });

  /** GET login: the redirect to the provider and the transaction cookie for the callback. */
  async function startSignOn(redirectTo = `${PUBLIC_URL}/resources?lng=de`, id = providerId) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/sso/OIDC/${id}/login?redirectTo=${encodeURIComponent(redirectTo)}`,
    });
    expect(response.statusCode).toBe(302);
    const setCookie = setCookieOf(response.headers);
    return {
      response,
      authorizationUrl: String(response.headers.location),
      setCookie,
      cookie: setCookie.split(';')[0] ?? '',
    };
  }

  /** The cookie that binds each code to the browser that came back with it, as a browser keeps it. */
  const browserCookies = new Map<string, string>();

  /** The browser arriving back at the callback; answers where the app sends it next. */
  async function callback(address: string, cookie: string | undefined) {
    const url = new URL(address);
    const response = await t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: cookie ? { cookie } : {},
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    const code = location.searchParams.get('ssoCode');
    const browser = /toolpass_sso_browser=([^;]+);/.exec(setCookieOf(response.headers))?.[1];
    if (code && browser) browserCookies.set(code, `toolpass_sso_browser=${browser}`);
    return { response, location };
  }

  async function signOn(login: string, redirectTo?: string, id = providerId) {
    const start = await startSignOn(redirectTo, id);
    const back = await signInAtProvider(start.authorizationUrl, login);
    return (await callback(back, start.cookie)).location;
  }

  /** POST /api/auth/sso/session with a code, as the app does on return, from the browser that got it. */
  const exchange = (code: string, cookie = browserCookies.get(code)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/session',
      payload: { code },
      headers: cookie ? { cookie } : {},
    });

  /** The code of a signed-in return, which never carries the session token itself. */
  function codeOf(location: URL): string {
    const code = location.searchParams.get('ssoCode');
    expect(code, location.toString()).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.has('auth')).toBe(false);
    return code ?? '';
  }

  /** The session the app gets for the code of a signed-in return. */
  async function authOf(location: URL) {
    const response = await exchange(codeOf(location));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const auth = response.json<{
      authToken: string;
      user: { id: number; username: string; email: string; isEmailVerified: boolean };
    }>();
    expect(location.toString()).not.toContain(auth.authToken);
    return auth;
  }

  async function me(authToken: string) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${authToken}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ id: number; username: string; email: string }>();
  }

  it('sends the browser to the provider with PKCE (S256), state, nonce and the callback address', async () => {
    const { response, authorizationUrl, setCookie } = await startSignOn();
    const url = new URL(authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${op.issuer}/auth`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    // One redirect URI for every provider, so it is known before a provider is saved.
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/sso/OIDC/callback`);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/auth/sso/OIDC;');
    // The verifier and the client secret never show up in the address.
    expect(authorizationUrl).not.toContain(CLIENT_SECRET);
    expect(url.searchParams.has('code_verifier')).toBe(false);
  });

  it('creates the account at the first sign-on and enters the same one after the email changed', async () => {
    const sub = unique('sub');
    const login = unique('ada');
    op.setAccount({ sub, email: `${login}@campus.example`, email_verified: true, preferred_username: login });
    const first = await signOn(sub);
    expect(first.origin + first.pathname).toBe(`${PUBLIC_URL}/resources`);
    expect(first.searchParams.get('lng')).toBe('de');
    const auth = await authOf(first);
    expect(auth.user).toMatchObject({
      username: login,
      email: `${login}@campus.example`,
      isEmailVerified: true,
    });
    expect((await me(auth.authToken)).id).toBe(auth.user.id);

    // The account has no password: password sign-in refuses it like a wrong password.
    const local = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/local',
      payload: { username: login, password: 'any password at all' },
    });
    expect(local.statusCode).toBe(401);
    expect(local.json().message).toBe(Messages.invalidCredentials);

    op.setAccount({
      sub,
      email: `${login}.new@campus.example`,
      email_verified: true,
      preferred_username: login,
    });
    const second = await authOf(await signOn(sub));
    expect(second.user.id).toBe(auth.user.id);
    expect(second.authToken).not.toBe(auth.authToken);
    expect((await me(second.authToken)).id).toBe(auth.user.id);
  });

  it('makes the username unique and leaves an unverified email unverified', async () => {
    const taken = await t.given.member();
    const sub = unique('sub');
    op.setAccount({
      sub,
      email: `${unique('x')}@campus.example`,
      email_verified: false,
      preferred_username: taken.username,
    });
    const auth = await authOf(await signOn(sub));
    expect(auth.user.username).toBe(`${taken.username}-2`);
    expect(auth.user.isEmailVerified).toBe(false);
  });

  it('never gives the auth object to a foreign redirectTo', async () => {
    for (const redirectTo of [
      'https://evil.example/collect',
      '//evil.example/collect',
      'javascript:alert(1)',
    ]) {
      const sub = unique('sub');
      op.setAccount({ sub, email: `${unique('f')}@campus.example`, email_verified: true });
      const location = await signOn(sub, redirectTo);
      expect(location.origin, redirectTo).toBe(new URL(PUBLIC_URL).origin);
      expect(location.pathname).toBe('/');
      await authOf(location);
    }
  });

  it('refuses a forged state, a missing cookie and a replayed code, never answering auth', async () => {
    const sub = unique('sub');
    op.setAccount({ sub, email: `${unique('s')}@campus.example`, email_verified: true });

    await test('forged state', async () => {
      const start = await startSignOn();
      const back = new URL(await signInAtProvider(start.authorizationUrl, sub));
      back.searchParams.set('state', 'forged-state-value-forged-state');
      const { response, location } = await callback(back.toString(), start.cookie);
      expect(location.searchParams.get('ssoError')).toBe('invalid-state');
      expect(location.searchParams.has('auth')).toBe(false);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    });

    await test('missing cookie', async () => {
      const start = await startSignOn();
      const back = await signInAtProvider(start.authorizationUrl, sub);
      const { location } = await callback(back, undefined);
      expect(location.searchParams.get('ssoError')).toBe('invalid-state');
      expect(location.searchParams.has('auth')).toBe(false);
    });

    await test('a cookie signed with another key', async () => {
      const start = await startSignOn();
      const back = await signInAtProvider(start.authorizationUrl, sub);
      const [payload] = start.cookie.split('=')[1]?.split('.') ?? [];
      const { location } = await callback(back, `toolpass_sso=${payload}.${'A'.repeat(43)}`);
      expect(location.searchParams.get('ssoError')).toBe('invalid-state');
    });

    await test('replayed code', async () => {
      const start = await startSignOn();
      const back = await signInAtProvider(start.authorizationUrl, sub);
      const first = await callback(back, start.cookie);
      await authOf(first.location);
      expect(setCookieOf(first.response.headers)).toContain('Max-Age=0');
      const replay = await callback(back, start.cookie);
      expect(replay.location.searchParams.get('ssoError')).toBe('sign-in-failed');
      expect(replay.location.searchParams.has('auth')).toBe(false);
    });
  });

  describe('POST /api/auth/sso/session', () => {
    /** A fresh signed-in return of a new person; its code not yet exchanged. */
    async function freshCode() {
      const sub = unique('sub');
      op.setAccount({ sub, email: `${unique('c')}@campus.example`, email_verified: true });
      return codeOf(await signOn(sub));
    }

    it('refuses a code used before with 400, and the first session stays good', async () => {
      const code = await freshCode();
      const first = await exchange(code);
      expect(first.statusCode).toBe(200);
      const again = await exchange(code);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(SsoMessages.signOnCodeExpired);
      expect(again.body).not.toContain('authToken');
      await me(first.json<{ authToken: string }>().authToken);
    });

    it('refuses a code from a browser without its cookie, which leaves it to the browser that has it', async () => {
      const code = await freshCode();
      const elsewhere = await exchange(code, '');
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json().message).toBe(SsoMessages.signOnCodeExpired);
      const otherBrowser = await exchange(code, `toolpass_sso_browser=${'B'.repeat(43)}`);
      expect(otherBrowser.statusCode).toBe(400);
      const own = await exchange(code);
      expect(own.statusCode).toBe(200);
      expect(setCookieOf(own.headers)).toMatch(
        /toolpass_sso_browser=; Path=\/api\/auth\/sso\/session; Max-Age=0/,
      );
    });

    it('gives the session to exactly one of two exchanges of one code at the same moment', async () => {
      for (let round = 0; round < 5; round += 1) {
        const code = await freshCode();
        const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 400, 400]);
      }
    });

    it('refuses a code exchanged 60 seconds after the sign-on, and takes one a moment before', async () => {
      const late = await freshCode();
      const inTime = await freshCode();
      try {
        clockOffsetMs = 59_000;
        expect((await exchange(inTime)).statusCode).toBe(200);
        clockOffsetMs = 60_001;
        const response = await exchange(late);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(SsoMessages.signOnCodeExpired);
      } finally {
        clockOffsetMs = 0;
      }
      // Late once is spent for good: the clock going back does not bring it back.
      expect((await exchange(late)).statusCode).toBe(400);
    });

    it('refuses an unknown code, and a redirectTo that brings its own code or auth keeps neither', async () => {
      const unknown = await exchange('A'.repeat(43));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(SsoMessages.signOnCodeExpired);
      expect((await exchange('')).statusCode).toBe(400);

      const sub = unique('sub');
      op.setAccount({ sub, email: `${unique('r')}@campus.example`, email_verified: true });
      const location = await signOn(sub, `${PUBLIC_URL}/resources?ssoCode=planted&auth=planted&view=list`);
      expect(location.searchParams.getAll('ssoCode')).toHaveLength(1);
      expect(location.searchParams.get('ssoCode')).not.toBe('planted');
      expect(location.searchParams.has('auth')).toBe(false);
      expect(location.searchParams.get('view')).toBe('list');
    });
  });

  it('ends on the sign-in screen with access-denied when the person cancels at the provider', async () => {
    const start = await startSignOn();
    const state = new URL(start.authorizationUrl).searchParams.get('state') ?? '';
    const back = new URL(`${PUBLIC_URL}/api/auth/sso/OIDC/callback`);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', state);
    back.searchParams.set('iss', op.issuer);
    const { location } = await callback(back.toString(), start.cookie);
    expect(location.searchParams.get('ssoError')).toBe('access-denied');
    expect(location.searchParams.has('auth')).toBe(false);
  });

  it('asks for the password of an existing account with the same email, then links it', async () => {
    const member = await t.given.member();
    const sub = unique('sub');
    op.setAccount({ sub, email: member.email.toUpperCase(), email_verified: true });

    const asked = await signOn(sub);
    expect(asked.searchParams.has('auth')).toBe(false);
    expect(asked.searchParams.get('accountLinking')).toBe('required');
    expect(asked.searchParams.get('email')).toBe(member.email.toUpperCase());
    expect(asked.searchParams.get('ssoProviderId')).toBe(String(providerId));
    expect(asked.searchParams.get('ssoProviderType')).toBe('OIDC');
    const externalId = asked.searchParams.get('externalId') ?? '';
    // A handle of this sign-on, not the subject: nobody can link a subject by naming it.
    expect(externalId).not.toContain(sub);

    const link = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sso/link-account', payload: body });

    const wrong = await link({ email: member.email, externalId, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(Messages.invalidCredentials);

    const bySubject = await link({ email: member.email, externalId: sub, password: TEST_PASSWORD });
    expect(bySubject.statusCode).toBe(400);
    expect(bySubject.json().message).toBe(SsoMessages.linkExpired);

    const right = await link({ email: member.email, externalId, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ message: 'Account linked' });

    // The handle is spent.
    const again = await link({ email: member.email, externalId, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(400);

    const auth = await authOf(await signOn(sub));
    expect(auth.user.id).toBe(member.id);
    expect((await me(auth.authToken)).id).toBe(member.id);
  });

  it('refuses to link with the password of another account', async () => {
    const owner = await t.given.member();
    const intruder = await t.given.member();
    const sub = unique('sub');
    op.setAccount({ sub, email: owner.email, email_verified: true });
    const externalId = (await signOn(sub)).searchParams.get('externalId') ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/link-account',
      payload: { email: intruder.email, externalId, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SsoMessages.linkExpired);
  });

  it('counts failed link attempts in the sign-in budget of the account', async () => {
    const member = await t.given.member();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sso/link-account',
        payload: { email: member.email, externalId: 'anything', password: `guess ${attempt}` },
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Password sign-in of the same account waits too: one budget.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/local',
      payload: { username: member.username, password: TEST_PASSWORD },
      remoteAddress: '198.51.100.200',
    });
    expect(signIn.statusCode).toBe(429);
  });

  it('uses the stored endpoints when the issuer has no discovery document', async () => {
    const bare = await startOidcProvider({ discovery: false });
    try {
      const id = await addProvider(bare, 'No discovery');
      const sub = unique('sub');
      bare.setAccount({ sub, email: `${unique('b')}@bare.example`, email_verified: true });
      const start = await startSignOn(undefined, id);
      expect(start.authorizationUrl.startsWith(`${bare.issuer}/auth?`)).toBe(true);
      const back = await signInAtProvider(start.authorizationUrl, sub, new CookieJar());
      const auth = await authOf((await callback(back, start.cookie)).location);
      expect((await me(auth.authToken)).id).toBe(auth.user.id);
    } finally {
      await bare.close();
    }
  });

  it('finishes a sign-on that returns to the address with its own provider id too', async () => {
    const sub = unique('sub');
    op.setAccount({ sub, email: `${unique('p')}@campus.example`, email_verified: true });
    const start = await startSignOn();
    const back = new URL(await signInAtProvider(start.authorizationUrl, sub));
    expect(back.pathname).toBe('/api/auth/sso/OIDC/callback');
    const { location } = await callback(
      `${PUBLIC_URL}/api/auth/sso/OIDC/${providerId}/callback${back.search}`,
      start.cookie,
    );
    const auth = await authOf(location);
    expect((await me(auth.authToken)).id).toBe(auth.user.id);
  });

  it('refuses the transaction of one provider at the callback of another', async () => {
    const other = await addProvider(op, 'Other provider');
    const sub = unique('sub');
    op.setAccount({ sub, email: `${unique('o')}@campus.example`, email_verified: true });
    const start = await startSignOn();
    const back = new URL(await signInAtProvider(start.authorizationUrl, sub));
    const { location } = await callback(
      `${PUBLIC_URL}/api/auth/sso/OIDC/${other}/callback${back.search}`,
      start.cookie,
    );
    expect(location.searchParams.get('ssoError')).toBe('invalid-state');
  });
});

/** A named step inside one test, so a failure says which case failed. */
async function test(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
