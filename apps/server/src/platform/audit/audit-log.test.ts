import { describe, expect, it } from 'vitest';
import { diffFields } from './audit-log.ts';

describe('diffFields', () => {
  it('lists only the fields that differ, with their values before and after', () => {
    expect(
      diffFields({ name: 'Lathe', port: 1883, tags: ['a'] }, { name: 'Big lathe', port: 1883, tags: ['a'] }),
    ).toEqual({
      name: { before: 'Lathe', after: 'Big lathe' },
    });
  });

  it('reads missing fields as null, so a creation and a deletion list every field', () => {
    expect(diffFields({}, { name: 'Laser', description: null, active: false })).toEqual({
      name: { before: null, after: 'Laser' },
      active: { before: null, after: false },
    });
    expect(diffFields({ name: 'Laser', resourceIds: [1, 2] }, {})).toEqual({
      name: { before: 'Laser', after: null },
      resourceIds: { before: [1, 2], after: null },
    });
  });

  it('never writes a secret, only that it changed, and skips ignored fields', () => {
    const changes = diffFields(
      { password: 'sealed-old', updatedAt: 1, host: 'a' },
      { password: 'sealed-new', updatedAt: 2, host: 'a' },
      { secret: ['password'], ignore: ['updatedAt'] },
    );
    expect(changes).toEqual({ password: { before: null, after: 'changed' } });
    expect(JSON.stringify(changes)).not.toMatch(/sealed/);
    expect(diffFields({ password: 'same' }, { password: 'same' }, { secret: ['password'] })).toEqual({});
  });
});
