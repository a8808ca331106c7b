import { describe, expect, it } from 'vitest';
import { pageNumbers } from './page-numbers.ts';

describe('pageNumbers', () => {
  it('lists every page when there are few', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('elides the gaps around the current page', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, 'ellipsis-end', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 'ellipsis-start', 19, 20]);
  });

  it('keeps to five slots without neighbours, as on a phone', () => {
    expect(pageNumbers(1, 5, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(pageNumbers(1, 6, 0)).toEqual([1, 'ellipsis-end', 6]);
    expect(pageNumbers(3, 6, 0)).toEqual([1, 'ellipsis-start', 3, 'ellipsis-end', 6]);
    expect(pageNumbers(10, 20, 0)).toEqual([1, 'ellipsis-start', 10, 'ellipsis-end', 20]);
    for (let page = 1; page <= 40; page += 1) expect(pageNumbers(page, 40, 0).length).toBeLessThanOrEqual(5);
  });
});
