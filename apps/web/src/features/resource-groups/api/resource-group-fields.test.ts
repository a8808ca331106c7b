import { describe, expect, it } from 'vitest';
import { toResourceGroupFields } from './resource-group-fields.ts';

describe('toResourceGroupFields', () => {
  it('trims the name and the description', () => {
    expect(toResourceGroupFields('  Wood shop ', '\n Saws and planes  ')).toEqual({
      name: 'Wood shop',
      description: 'Saws and planes',
    });
  });

  it('leaves out a description that is empty after trimming', () => {
    expect(toResourceGroupFields('Wood shop', '   ')).toEqual({ name: 'Wood shop' });
  });
});
