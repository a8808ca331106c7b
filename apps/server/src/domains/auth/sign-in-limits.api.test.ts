import { Messages } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function app(dialect: (typeof TEST_DIALECTS)[number], trustProxy: false | number = false) {
  const t = await buildTestApp(dialect);
  apps.push(t);
  if (trustProxy === false) return t;
  // The same database with a trusted proxy in front.
  await t.app.close();
  const { buildApp } = await import('../../app.ts');
  const { createLogger } = await import('../../platform/logging/logger.ts');
  const { TEST_SCRYPT } = await import('../../test/build-test-app.ts');
  const built = await buildApp({
    config: { ...t.config, trustProxy },
    database: t.database,
    logger: createLogger('silent'),
    scrypt: TEST_SCRYPT,
    webDistDir: t.database.dataDir,
  });
  await built.app.ready();
  return { ...t, app: built.app, services: built.services };
}

const signIn = (t: TestApp, username: string, password: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/session/local',
    payload: { username, password },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

describe.each(TEST_DIALECTS)('sign-in limits on %s', (dialect) => {
  it('gives one account one budget however it is spelled', async () => {
    const t = await app(dialect);
    const user = await t.given.member();
    const fullwidth = [...user.username.toUpperCase()]
      .map((char) => (/[A-Z0-9]/.test(char) ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char))
      .join('');
    const spellings = [
      user.username.toUpperCase(),
      fullwidth,
      `  ${user.username}  `,
      user.email,
      user.username,
    ];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      statuses.push(
        (await signIn(t, spellings[attempt % spellings.length] ?? '', 'wrong password')).statusCode,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(10);
    // The owner's right password waits for the window too: the budget is the account's.
    const right = await signIn(t, user.email.toUpperCase(), TEST_PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(Messages.tooManyRequests);
  });

  it('counts the socket address, not X-Forwarded-For, without TRUST_PROXY', async () => {
    const t = await app(dialect);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      // A different made-up account and a different forged address each time.
      const response = await signIn(t, `nobody${attempt}`, 'guess', `203.0.113.${attempt}`);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
  });

  it('believes the address the trusted proxy adds, not what the client wrote before it', async () => {
    const t = await app(dialect, 1);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      // The client forges the leftmost entry; the proxy appends the real one, the same each time.
      const response = await signIn(t, `nobody${attempt}`, 'guess', `198.51.100.${attempt}, 192.0.2.7`);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    // Another client behind the same proxy has its own budget.
    expect((await signIn(t, 'nobody', 'guess', '192.0.2.8')).statusCode).toBe(401);
  });

  it('re-sends the verification mail of an unverified account on request, at most 5 times in 15 minutes', async () => {
    const t = await app(dialect);
    const payload = {
      username: 'unverified',
      email: 'unverified@example.org',
      password: TEST_PASSWORD,
      strategy: 'local_password',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload })).statusCode).toBe(201);
    await t.smtp.waitFor(payload.email, /Confirm your email/);
    // Signing in sends nothing; only the explicit request does.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await signIn(t, payload.username, TEST_PASSWORD);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(Messages.emailNotVerified);
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { username: payload.username, password: TEST_PASSWORD },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json().message).toBe(Messages.tooManyRequests);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const toAccount = () => t.smtp.mails.filter((mail) => mail.to.includes(payload.email));
    await expect.poll(() => toAccount().length).toBe(5);
    // Nothing more arrives once the queue is empty.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toAccount()).toHaveLength(5);
  });
});
