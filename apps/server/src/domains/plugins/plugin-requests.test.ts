import { describe, expect, it } from 'vitest';
import { pathSegmentsOf } from './plugin-requests.ts';
import { createPluginRouter } from './plugin-router.ts';

describe('pathSegmentsOf', () => {
  const skip = 6; // '', api, plugins, name, frontend, module-federation
  const base = '/api/plugins/hello/frontend/module-federation';

  it('decodes each segment once and drops the query', () => {
    expect(pathSegmentsOf(`${base}/chunks/a%20b.mjs?revision=2`, skip)).toEqual(['chunks', 'a b.mjs']);
    expect(pathSegmentsOf(`${base}/%252e%252e`, skip)).toEqual(['%2e%2e']);
  });

  it('refuses segments that climb, hide a separator or a NUL, or are empty', () => {
    for (const rest of [
      '..',
      '%2e%2e',
      '.',
      'a/../b',
      '..%2fx',
      '..%5cx',
      'a%00.js',
      '',
      'a//b',
      '%E0%A4%A',
    ]) {
      expect(pathSegmentsOf(`${base}/${rest}`, skip), rest).toBeUndefined();
    }
  });
});

describe('the plugin router', () => {
  const router = createPluginRouter();
  const counts = () => ({ body: 'counts' });
  const one = () => ({ body: 'one' });
  router.add('GET', '/sessions', counts);
  router.add('GET', '/sessions/:resourceId', one);

  it('matches a path by its segments and hands over the :params', () => {
    expect(router.match('GET', ['sessions'])).toEqual({ handler: counts, params: {} });
    expect(router.match('GET', ['sessions', '7'])).toEqual({ handler: one, params: { resourceId: '7' } });
  });

  it('tells an unknown path from a known path with another method', () => {
    expect(router.match('GET', ['nothing'])).toBeUndefined();
    expect(router.match('GET', ['sessions', '7', 'x'])).toBeUndefined();
    expect(router.match('POST', ['sessions'])).toBe('method-not-allowed');
  });

  it('refuses a path without a leading slash and a handler that is not a function', () => {
    expect(() => router.add('GET', 'sessions', counts)).toThrow('A plugin route path starts with "/"');
    expect(() => router.add('GET', '/x', 'nope' as never)).toThrow('is not a function');
  });
});
