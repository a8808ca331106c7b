import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { NotificationsCard } from './notifications-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderRoute(<NotificationsCard />, { path: '/account', pattern: '/account' });

describe('notifications card', () => {
  it('shows the saved choice and saves only that setting when switched', async () => {
    const sent = fakeApi({
      'GET /api/users/me/preferences': {
        status: 200,
        body: { language: 'de', notifyBeforeAutomaticEnd: false },
      },
      'PUT /api/users/me/preferences': (body) => ({
        status: 200,
        body: { language: 'de', ...(body as object) },
      }),
    });
    renderCard();
    const toggle = await screen.findByRole('switch', {
      name: 'Mail me 10 minutes before a session of mine ends automatically',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    await waitFor(() =>
      expect(sent.filter((request) => request.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/api/users/me/preferences', body: { notifyBeforeAutomaticEnd: true } },
      ]),
    );
  });

  it('says when the choice could not be saved, and keeps the saved one', async () => {
    fakeApi({
      'GET /api/users/me/preferences': {
        status: 200,
        body: { language: null, notifyBeforeAutomaticEnd: true },
      },
      'PUT /api/users/me/preferences': { status: 500, body: apiError(500, 'Internal Server Error') },
    });
    renderCard();
    const toggle = await screen.findByRole('switch');
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('Could not save the setting')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
