import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import type { OutgoingMail } from './mail-queue.ts';
import { retryDelayMs } from './mail-target.ts';
import type { MailTransport } from './mail-transport.ts';

/** A transport in front of the real SMTP capture that refuses while "down". */
function flakyTransport(real: () => MailTransport) {
  const state = { down: true, refused: 0 };
  const transport: MailTransport = {
    async send(mail: OutgoingMail) {
      if (state.down) {
        state.refused += 1;
        throw new Error('connect ECONNREFUSED');
      }
      await real().send(mail);
    },
    close() {},
  };
  return { state, transport };
}

describe.each(TEST_DIALECTS)('mail queue on %s', (dialect) => {
  let t: TestApp;
  let flaky: ReturnType<typeof flakyTransport>;
  beforeAll(async () => {
    let realTransport: MailTransport | undefined;
    flaky = flakyTransport(() => {
      if (!realTransport) throw new Error('transport not ready');
      return realTransport;
    });
    t = await buildTestApp(dialect, { mailTransport: flaky.transport });
    const { createMailTransport } = await import('./mail-transport.ts');
    const { createLogger } = await import('../logging/logger.ts');
    realTransport = createMailTransport({
      smtpUrl: t.smtp.url,
      from: 'test@toolpass.test',
      logger: createLogger('silent'),
    });
  });
  afterAll(() => t?.close());

  it('keeps a mail that could not be sent and delivers it once the mail server is back', async () => {
    const username = unique('queued');
    const email = `${username}@example.org`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username, email, password: 'long enough', strategy: 'local_password' },
    });
    expect(response.statusCode).toBe(201);
    await expect.poll(() => flaky.state.refused).toBeGreaterThan(0);
    const mailJob = () =>
      t.database.db
        .selectFrom('delivery_jobs')
        .selectAll()
        .where('target_kind', '=', 'mail')
        .where('payload', 'like', `%${email}%`)
        .executeTakeFirst();
    // The failed attempt is recorded once its outcome is written back.
    await expect.poll(async () => (await mailJob())?.last_error).toContain('ECONNREFUSED');
    const row = await mailJob();
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });

    flaky.state.down = false;
    // Make the retry due now instead of after the back-off, then let the runner claim it.
    await t.database.db
      .updateTable('delivery_jobs')
      .set({ due_at: new Date() })
      .where('id', '=', row?.id ?? 0)
      .execute();
    t.services.jobRunner.wake();
    const mail = await t.smtp.waitFor(email, /Confirm your email/);
    expect(mail.text).toContain('/verify-email?token=');
    // A sent mail's job is deleted: its link is a secret.
    await expect.poll(mailJob).toBeUndefined();
  });
});

describe('retryDelayMs', () => {
  it('doubles from 5 s and stops growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
