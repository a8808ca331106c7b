import { createHmac } from 'node:crypto';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

test('the webhook documentation explains the signature to anyone, in English and German', async ({
  page,
}) => {
  await page.goto('/docs/webhooks?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checking the signature' })).toBeVisible();
  await expect(page.getByText('X-Webhook-Timestamp', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('{{previousUser.username}}')).toBeVisible();
  await expectAccessible(page);

  // The Node.js example on the page verifies a request signed the way the server signs.
  const example = (await page.locator('pre code').first().textContent()) ?? '';
  const isFromToolpass = new Function(
    'createHmac',
    'timingSafeEqual',
    `${example.replace(/^import .*$/m, '')}; return isFromToolpass;`,
  )(createHmac, (a: Buffer, b: Buffer) => a.equals(b)) as (
    headers: Record<string, string>,
    body: string,
    secret: string,
  ) => boolean;
  const secret = `whsec_${'ab'.repeat(24)}`;
  const body = '{"status":"in_use"}';
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  const headers = { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature };
  expect(isFromToolpass(headers, body, secret)).toBe(true);
  expect(isFromToolpass(headers, `${body} `, secret)).toBe(false);

  await page.goto('/docs/webhooks?lng=de');
  await expect(page.getByRole('heading', { name: 'Die Signatur prüfen' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/docs/webhooks?lng=en');
});
