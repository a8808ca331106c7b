import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailDelivery } from '@toolpass/contracts';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { aUser, renderSignedIn, signOutTestUser } from '../test/signed-in.tsx';
import AccountSettingsPage from './account-settings-page.tsx';

// Test files share their modules (isolate: false), and other files mock the sign-in module: the
// screens here are imported afresh, signed in for real, and left for the next file to import anew.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

const ada = aUser({ id: 1, username: 'ada' });

afterEach(() => {
  vi.unstubAllGlobals();
  signOutTestUser();
});

/** Asks for the change of the own address on a server whose mails go where `mailDelivery` says. */
async function requestChange(mailDelivery: MailDelivery) {
  const sent = fakeApi({
    'GET /api/users/me': { status: 200, body: ada },
    'GET /api/auth/sso/providers': { status: 200, body: [] },
    'GET /api/auth/setup': { status: 200, body: { firstAccount: false, mailDelivery } },
    'POST /api/users/me/request-email-change': { status: 200, body: { message: 'ok' } },
  });
  renderSignedIn(<AccountSettingsPage />, {
    path: '/account-settings',
    pattern: '/account-settings',
    user: ada,
  });
  await waitFor(() => expect(sent.map((call) => call.path)).toContain('/api/auth/setup'));
  await userEvent.type(screen.getByRole('textbox', { name: /New email address/ }), 'ada@new.example.org');
  await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
}

describe('account settings', () => {
  it('says the confirmation link is in the server output when this Toolpass has no mail server', async () => {
    await requestChange('server-output');

    expect(await screen.findByText('Your confirmation link is on the server')).toBeTruthy();
    expect(screen.getByText(/no email was sent to ada@new\.example\.org/)).toBeTruthy();
    expect(screen.queryByText(/We sent a confirmation link/)).toBeNull();
    expect(screen.getByText(/printed in the server's output instead of mailed/)).toBeTruthy();
  });

  it('says the confirmation link was mailed when mails go out', async () => {
    await requestChange('smtp');

    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(screen.getByText('We sent a confirmation link to ada@new.example.org.')).toBeTruthy();
  });
});
