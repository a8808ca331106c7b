import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReaderMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { CardRemovalModal } from './card-removal-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const card = { id: 4, uid: '04a1b2c3d4e5f6', userId: 9, createdAt: '2026-11-25T09:05:00.000Z' };
const laser = { id: 2, name: 'Laser', connected: true, lastConnection: null, hasAccessToResourceIds: [] };

function renderRemoval(routes: Parameters<typeof fakeApi>[0]) {
  const sent = fakeApi({ 'GET /api/fabreader/readers': { status: 200, body: [laser] }, ...routes });
  renderRoute(<CardRemovalModal card={card} isOpen onClose={() => {}} />, {
    path: '/nfc-cards',
    pattern: '/nfc-cards',
  });
  return sent;
}

describe('CardRemovalModal', () => {
  it('needs a reader to reset the card', async () => {
    const sent = renderRemoval({});
    await screen.findByRole('button', { name: /Reader/ });
    await userEvent.click(screen.getByRole('button', { name: 'Reset card' }));
    expect(await screen.findByText('Choose a reader.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('resets the card on the chosen reader and words a wrong card', async () => {
    const sent = renderRemoval({
      'POST /api/fabreader/readers/reset-nfc-card': {
        status: 409,
        body: apiError(409, ReaderMessages.wrongCard),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Reader/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Laser' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset card' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another card was tapped. Nothing was changed.',
    );
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ readerId: 2, cardId: 4 });
  });

  it('deletes the card without a reader', async () => {
    const sent = renderRemoval({
      'DELETE /api/fabreader/cards/4': { status: 200, body: { message: 'Card deleted' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete card' }));
    expect(await screen.findByText('Card deleted')).toBeTruthy();
    expect(
      sent.some((request) => request.method === 'DELETE' && request.path === '/api/fabreader/cards/4'),
    ).toBe(true);
  });
});
