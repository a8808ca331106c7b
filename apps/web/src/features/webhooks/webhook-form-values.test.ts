import { NEW_WEBHOOK_FORM_VALUES, type Webhook } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { checkWebhookForm, newWebhookFormValues, webhookFormValues } from './webhook-form-values.ts';

const filled = { ...newWebhookFormValues(), name: ' Door display ', url: ' https://example.org/hook ' };

describe('checkWebhookForm', () => {
  it('refuses a user name or password in the address', () => {
    for (const url of ['https://user:pass@example.org/hook', 'https://user@example.org/hook']) {
      expect(checkWebhookForm({ ...filled, url }).errors).toEqual({
        url: 'webhooks.form.errors.credentialsInUrl',
      });
    }
  });

  it('builds the body with trimmed texts and the headers as an object', () => {
    const result = checkWebhookForm({ ...filled, headers: '{"Authorization": "Bearer abc"}' });
    expect(result.body).toEqual({
      ...NEW_WEBHOOK_FORM_VALUES,
      name: 'Door display',
      url: 'https://example.org/hook',
      headers: { Authorization: 'Bearer abc' },
    });
  });

  it.each([
    ['the untouched default', 'https://'],
    ['a word', 'door display'],
    ['another scheme', 'ftp://example.org/hook'],
  ])('refuses %s as the url', (_case, url) => {
    expect(checkWebhookForm({ ...filled, url }).errors).toEqual({ url: 'webhooks.form.errors.invalidUrl' });
  });

  it.each([
    ['broken JSON', '{"a": '],
    ['an array', '["a"]'],
    ['a number value', '{"X-Count": 3}'],
    ['a header the client sets itself', '{"Content-Length": "3"}'],
  ])('refuses %s as the headers', (_case, headers) => {
    expect(checkWebhookForm({ ...filled, headers }).errors).toEqual({
      headers: 'webhooks.form.errors.invalidHeaders',
    });
  });

  it('checks the retry numbers only while retries are on', () => {
    const outOfRange = { ...filled, maxRetries: 11, retryDelay: 150 };
    expect(checkWebhookForm({ ...outOfRange, retryEnabled: true }).errors).toEqual({
      maxRetries: 'webhooks.form.errors.maxRetries',
      retryDelay: 'webhooks.form.errors.retryDelay',
    });
    expect(checkWebhookForm(outOfRange).body).toMatchObject({ maxRetries: 10, retryDelay: 200 });
  });

  it('refuses a signature header the request sets itself', () => {
    expect(checkWebhookForm({ ...filled, signatureHeader: 'x-webhook-timestamp' }).errors).toEqual({
      signatureHeader: 'webhooks.form.errors.signatureHeader',
    });
  });
});

describe('webhookFormValues', () => {
  it('holds a saved webhook’s headers as indented JSON text', () => {
    const webhook: Webhook = {
      ...NEW_WEBHOOK_FORM_VALUES,
      id: 1,
      resourceId: 2,
      name: 'Hook',
      url: 'https://example.org',
      credentialHeaders: [],
      headers: { 'X-Token': 'abc' },
      createdAt: '2026-11-25T10:00:00.000Z',
      updatedAt: '2026-11-25T10:00:00.000Z',
    };
    expect(webhookFormValues(webhook).headers).toBe('{\n  "X-Token": "abc"\n}');
  });
});
