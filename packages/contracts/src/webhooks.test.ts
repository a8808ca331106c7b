import { describe, expect, it } from 'vitest';
import { DEFAULT_WEBHOOK_TEMPLATES } from './integration-templates.ts';
import {
  CreateWebhookBodySchema,
  isCredentialHeaderName,
  NEW_WEBHOOK_FORM_VALUES,
  parseWebhookHeaders,
  UpdateWebhookBodySchema,
} from './webhooks.ts';

describe('webhook bodies', () => {
  it('fills every left-out field of a new webhook with the defaults of spec 02 §3', () => {
    expect(CreateWebhookBodySchema.parse({ name: ' Door ', url: ' https://example.org/hook ' })).toEqual({
      name: 'Door',
      url: 'https://example.org/hook',
      method: 'POST',
      headers: {},
      inUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.inUse,
      notInUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.notInUse,
      takeoverTemplate: DEFAULT_WEBHOOK_TEMPLATES.takeover,
      active: true,
      sendOnStart: true,
      sendOnStop: true,
      sendOnTakeover: false,
      sendOnBooking: false,
      retryEnabled: false,
      maxRetries: 3,
      retryDelay: 1000,
      signatureHeader: 'X-Webhook-Signature',
    });
  });

  it('starts the new-webhook form with https:// and the headers as the text {}', () => {
    expect(NEW_WEBHOOK_FORM_VALUES).toMatchObject({ url: 'https://', method: 'POST', headers: '{}' });
    expect(parseWebhookHeaders(NEW_WEBHOOK_FORM_VALUES.headers)).toEqual({});
  });

  it('refuses addresses that do not parse or are not http or https', () => {
    for (const url of ['https://', 'not a url', 'ftp://example.org/x', 'javascript:alert(1)', '']) {
      expect(CreateWebhookBodySchema.safeParse({ name: 'x', url }).success, url).toBe(false);
    }
    expect(CreateWebhookBodySchema.safeParse({ name: 'x', url: 'http://127.0.0.1:8080/a?b=c' }).success).toBe(
      true,
    );
  });

  it('takes headers as an object of strings or as its JSON text, and nothing else', () => {
    const headers = (value: unknown) => UpdateWebhookBodySchema.safeParse({ headers: value });
    expect(headers({ 'X-Api-Key': 'abc' }).data?.headers).toEqual({ 'X-Api-Key': 'abc' });
    expect(headers('{"X-Api-Key":"abc"}').data?.headers).toEqual({ 'X-Api-Key': 'abc' });
    for (const bad of ['not json', '[]', '"text"', [], null, 5, { 'X-Count': 5 }, { 'bad name': 'x' }]) {
      expect(headers(bad).success, JSON.stringify(bad)).toBe(false);
    }
    // A header the HTTP client owns, or a value that would split the header, fails every delivery.
    expect(headers({ 'Content-Length': '3' }).success).toBe(false);
    expect(headers({ 'X-A': 'one\r\nX-B: two' }).success).toBe(false);
    expect(parseWebhookHeaders('{"a":1}')).toBeUndefined();
  });

  it('keeps the retry settings within 1..10 retries and 100..10000 ms', () => {
    const retry = (value: object) => UpdateWebhookBodySchema.safeParse(value).success;
    expect(retry({ maxRetries: 1, retryDelay: 100 })).toBe(true);
    expect(retry({ maxRetries: 10, retryDelay: 10_000 })).toBe(true);
    expect(retry({ maxRetries: 0 })).toBe(false);
    expect(retry({ maxRetries: 11 })).toBe(false);
    expect(retry({ maxRetries: 2.5 })).toBe(false);
    expect(retry({ retryDelay: 99 })).toBe(false);
    expect(retry({ retryDelay: 10_001 })).toBe(false);
    expect(retry({ retryDelay: 150 })).toBe(false);
  });

  it('takes every header whose name speaks of a credential for one, and no other', () => {
    for (const name of [
      'Authorization',
      'proxy-authorization',
      'Cookie',
      'X-Api-Key',
      'X-Auth',
      'X-Password',
      'X-Session-Id',
      'X-Access-Token',
      'X-Client-Secret',
      'X-Credential',
    ]) {
      expect(isCredentialHeaderName(name), name).toBe(true);
    }
    for (const name of ['X-Space', 'Content-Type', 'Accept', 'X-Request-Source']) {
      expect(isCredentialHeaderName(name), name).toBe(false);
    }
  });

  it('reads the method in any case and refuses others', () => {
    expect(UpdateWebhookBodySchema.parse({ method: 'patch' }).method).toBe('PATCH');
    expect(UpdateWebhookBodySchema.safeParse({ method: 'HEAD' }).success).toBe(false);
  });
});
