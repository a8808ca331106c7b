import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-ids.ts';

describe('request ids', () => {
  it('are unique within a process and between processes', () => {
    const first = requestIdGenerator();
    const second = requestIdGenerator();
    const ids = new Set<string>();
    for (let index = 0; index < 10_000; index += 1) {
      ids.add(first());
      ids.add(second());
    }
    expect(ids.size).toBe(20_000);
    expect(first()).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
  });
});
