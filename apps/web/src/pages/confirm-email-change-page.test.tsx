import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import ConfirmEmailChangePage from './confirm-email-change-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('confirm email change page', () => {
  it('submits nothing for an incomplete link and offers "Try Again" and "Back to Login"', async () => {
    const sent = fakeApi({});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    renderRoute(<ConfirmEmailChangePage />, {
      path: '/confirm-email-change?token=abc',
      pattern: '/confirm-email-change',
    });

    expect(screen.getByText('Email Change Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledOnce();
    expect(sent).toEqual([]);
  });
});
