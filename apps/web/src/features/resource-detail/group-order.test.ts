import type { ResourceGroup } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { orderGroupsForResource } from './group-order.ts';

const group = (id: number, name: string): ResourceGroup => ({
  id,
  name,
  description: null,
  introductionValidForDays: null,
  introductionExpiresAfterUnusedDays: null,
});

describe('orderGroupsForResource', () => {
  it('lists the groups the resource belongs to first, each part sorted by name', () => {
    const groups = [group(1, 'Wood'), group(2, 'metal'), group(3, 'Electronics'), group(4, 'Lasers')];
    const ordered = orderGroupsForResource(groups, new Set([1, 4]));
    expect(ordered.map((entry) => entry.name)).toEqual(['Lasers', 'Wood', 'Electronics', 'metal']);
  });

  it('leaves the given list untouched', () => {
    const groups = [group(2, 'B'), group(1, 'A')];
    orderGroupsForResource(groups, new Set());
    expect(groups.map((entry) => entry.id)).toEqual([2, 1]);
  });
});
