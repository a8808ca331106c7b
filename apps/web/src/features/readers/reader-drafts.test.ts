import { describe, expect, it } from 'vitest';
import { pairProblems, toPairBody } from './reader-drafts.ts';

describe('pairProblems', () => {
  it('accepts a name and six digits, leading zeros included', () => {
    expect(pairProblems({ name: 'Door', code: '000123' })).toEqual({});
    expect(pairProblems({ name: 'Door', code: ' 123456 ' })).toEqual({});
  });

  it('asks for both fields', () => {
    expect(pairProblems({ name: '  ', code: '' })).toEqual({ name: 'required', code: 'required' });
  });

  it('refuses a code that is not exactly six digits', () => {
    for (const code of ['12345', '1234567', '12a456', '12 456']) {
      expect(pairProblems({ name: 'Door', code }).code, code).toBe('invalid');
    }
  });
});

describe('toPairBody', () => {
  it('sends the trimmed name and the code as a string', () => {
    expect(toPairBody({ name: ' Laser door ', code: ' 012345' })).toEqual({
      name: 'Laser door',
      code: '012345',
    });
  });
});
