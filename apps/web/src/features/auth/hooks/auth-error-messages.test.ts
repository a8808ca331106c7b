import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { registrationErrorMessage, signInErrorMessage } from './auth-error-messages.ts';

const t = i18n.t.bind(i18n);

function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return new ApiError(status, 'status', { statusCode: status, error: 'e', message, errors, requestId: 'r' });
}

describe('signInErrorMessage', () => {
  it('shows the server message in human words', () => {
    expect(signInErrorMessage(t, apiError(401, 'Unauthorized - Invalid credentials'))).toBe(
      'The username or password is not right.',
    );
  });

  it('falls back when the server gave no message', () => {
    expect(signInErrorMessage(t, new TypeError('Failed to fetch'))).toBe(
      'Please check your credentials and try again',
    );
  });
});

describe('registrationErrorMessage', () => {
  it('words a password length violation itself', () => {
    const error = apiError(400, 'Invalid input data.', {
      password: ['Password must be at least 8 characters long.'],
    });
    expect(registrationErrorMessage(t, error)).toBe('Password must be at least 8 characters long.');
  });

  it('shows the first field message as sent', () => {
    const error = apiError(409, 'Username already in use', { username: ['Username already in use'] });
    expect(registrationErrorMessage(t, error)).toBe('Username already in use');
  });

  it('shows the server message when there are no field messages', () => {
    expect(registrationErrorMessage(t, apiError(400, 'Invalid input data.'))).toBe('Invalid input data.');
  });

  it('falls back for failures without a body', () => {
    expect(registrationErrorMessage(t, new TypeError('Failed to fetch'))).toBe(
      'Please check your info and try again',
    );
  });
});
