import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { adminEmailErrorMessage } from './admin-email-error-message.ts';

const t = i18n.t.bind(i18n);
const failure = (errorCode: string | undefined, message = 'Server says no') =>
  new ApiError(400, 'Bad Request', {
    statusCode: 400,
    error: 'Bad Request',
    message,
    errorCode,
    requestId: 'r',
  });

describe('adminEmailErrorMessage', () => {
  it.each([
    ['EMAIL_ALREADY_IN_USE', 'Email already in use'],
    ['USER_NOT_FOUND', 'User not found'],
    ['INSUFFICIENT_PERMISSIONS', 'You do not have permission to manage users'],
    ['INVALID_EMAIL_FORMAT', 'Invalid email address'],
    ['HTTP_EXCEPTION', 'Failed to change email address. Please try again.'],
  ])('words %s', (code, text) => {
    expect(adminEmailErrorMessage(t, failure(code))).toBe(text);
  });

  it('falls back to the server message for unknown codes, then to the generic text', () => {
    expect(adminEmailErrorMessage(t, failure('SOMETHING_NEW'))).toBe('Server says no');
    expect(adminEmailErrorMessage(t, new ApiError(502, 'Bad Gateway', undefined))).toBe(
      'Failed to change email address. Please try again.',
    );
  });
});
