import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { NfcCardList } from './nfc-card-list.tsx';

afterEach(() => vi.unstubAllGlobals());

const card = {
  id: 4,
  uid: '04a1b2c3d4e5f6',
  userId: 9,
  createdAt: new Date(2026, 10, 25, 9, 5).toISOString(),
  user: { id: 9, username: 'ada' },
};

function renderList(showOwner: boolean, answer: { status: number; body: unknown }) {
  fakeApi({ 'GET /api/fabreader/cards': answer });
  renderRoute(<NfcCardList showOwner={showOwner} />, { path: '/nfc-cards', pattern: '/nfc-cards' });
}

describe('NfcCardList', () => {
  it('lists a member’s cards with their creation time, without a user column', async () => {
    renderList(false, { status: 200, body: [{ ...card, user: undefined }] });
    expect(await screen.findByRole('rowheader', { name: card.uid })).toBeTruthy();
    expect(screen.getByText('25/11/2026 09:05')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'User' })).toBeNull();
  });

  it('shows the owner of each card to a system administrator', async () => {
    renderList(true, { status: 200, body: [card] });
    expect(await screen.findByRole('columnheader', { name: 'User' })).toBeTruthy();
    expect(screen.getByText('ada')).toBeTruthy();
  });

  it('shows a list that could not be fetched as a notice', async () => {
    renderList(false, { status: 500, body: apiError(500, 'Internal Server Error') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not fetch NFC cards');
  });
});
