import { describe, expect, it } from 'vitest';
import { rememberFrozenPayloads } from './frozen-payload-serializer.ts';

describe('frozen payload serializer', () => {
  /** A serializer compiler that counts how often each route serializes. */
  function counting() {
    const calls: Record<string, number> = {};
    const compile = rememberFrozenPayloads<string>((route) => (data: unknown) => {
      const url = route.url;
      calls[url] = (calls[url] ?? 0) + 1;
      return `${url}:${JSON.stringify(data)}`;
    });
    const route = (url: string) =>
      compile({ schema: 'schema', method: 'GET', url, httpStatus: '200', contentType: 'application/json' });
    return { calls, route };
  }

  it('serializes a frozen payload once per route', () => {
    const { calls, route } = counting();
    const list = route('/a');
    const other = route('/b');
    const payload = Object.freeze({ id: 1 });
    expect(list(payload)).toBe('/a:{"id":1}');
    expect(list(payload)).toBe('/a:{"id":1}');
    // Another route may shape the same value otherwise, so it serializes for itself.
    expect(other(payload)).toBe('/b:{"id":1}');
    expect(calls).toEqual({ '/a': 1, '/b': 1 });
  });

  it('serializes every other payload each time', () => {
    const { calls, route } = counting();
    const list = route('/a');
    const payload = { id: 1 };
    list(payload);
    payload.id = 2;
    expect(list(payload)).toBe('/a:{"id":2}');
    expect(list('text')).toBe('/a:"text"');
    expect(calls['/a']).toBe(3);
  });
});
