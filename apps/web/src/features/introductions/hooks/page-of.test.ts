import { describe, expect, it } from 'vitest';
import { byUsername, pageOf } from './page-of.ts';

const numbers = Array.from({ length: 23 }, (_, index) => index + 1);

describe('pageOf', () => {
  it('cuts the list into pages of the given size', () => {
    expect(pageOf(numbers, 1, 10)).toEqual({ page: 1, totalPages: 3, items: numbers.slice(0, 10) });
    expect(pageOf(numbers, 3, 10).items).toEqual([21, 22, 23]);
  });

  it('shows the last page that exists when the list has shrunk below the current page', () => {
    expect(pageOf(numbers.slice(0, 10), 2, 10)).toEqual({
      page: 1,
      totalPages: 1,
      items: numbers.slice(0, 10),
    });
  });

  it('has one empty page for an empty list', () => {
    expect(pageOf([], 1, 10)).toEqual({ page: 1, totalPages: 1, items: [] });
  });
});

describe('byUsername', () => {
  it('orders by username regardless of case', () => {
    const users = [{ username: 'carol' }, { username: 'Alice' }, { username: 'bob' }];
    expect(users.sort(byUsername((user) => user.username)).map((user) => user.username)).toEqual([
      'Alice',
      'bob',
      'carol',
    ]);
  });
});
