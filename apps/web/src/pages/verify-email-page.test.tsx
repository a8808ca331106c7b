import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCodes } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../test/fake-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import VerifyEmailPage from './verify-email-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (path: string) => renderRoute(<VerifyEmailPage />, { path, pattern: '/verify-email' });

describe('verify email page', () => {
  it('says a link without token and email is invalid, with "Try Again" and "Back to Login"', async () => {
    const sent = fakeApi({});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderPage('/verify-email');

    expect(screen.getByText('Verification Failed')).toBeTruthy();
    expect(screen.getByText('Invalid verification link. Please request a new one.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/');
    // Nothing to send again: the page opens anew from the address, which may have been completed.
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });

  it('sends the link again on "Try Again" after the server refused it', async () => {
    const refused = {
      status: 400,
      body: { ...apiError(400, 'Invalid token or email.'), errorCode: ErrorCodes.invalidVerificationToken },
    };
    const sent = fakeApi({ 'POST /api/users/verify-email': refused });
    renderPage('/verify-email?token=abc&email=ada%40example.org');

    expect(
      await screen.findByText('Invalid verification token. Please request a new verification link.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toEqual({ token: 'abc', email: 'ada@example.org' });
  });
});
