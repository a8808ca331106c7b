import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReaderMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { EnrollCardModal } from './enroll-card-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

const reader = (id: number, name: string, connected: boolean) => ({
  id,
  name,
  connected,
  lastConnection: '2026-11-25T10:00:00.000Z',
  hasAccessToResourceIds: [],
});

function renderEnroll(readers: unknown[], enroll?: { status: number; body: unknown }) {
  const sent = fakeApi({
    'GET /api/fabreader/readers': { status: 200, body: readers },
    ...(enroll ? { 'POST /api/fabreader/readers/enroll-nfc-card': enroll } : {}),
  });
  renderRoute(<EnrollCardModal isOpen onClose={() => {}} />, { path: '/nfc-cards', pattern: '/nfc-cards' });
  return sent;
}

async function chooseReader(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: /Reader/ }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('EnrollCardModal', () => {
  it('offers only connected readers and says when none is', async () => {
    renderEnroll([reader(1, 'Door', false)]);
    expect(await screen.findByText('No reader is connected right now.')).toBeTruthy();
  });

  it('asks for a reader before it waits for a card', async () => {
    const sent = renderEnroll([reader(1, 'Door', true)]);
    await screen.findByRole('button', { name: /Reader/ });
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Choose a reader.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('sends the chosen reader and words a card that never came', async () => {
    const sent = renderEnroll([reader(1, 'Door', false), reader(2, 'Laser', true)], {
      status: 408,
      body: apiError(408, ReaderMessages.noCardPresented),
    });
    await chooseReader('Laser');
    expect(screen.queryByRole('option', { name: 'Door' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The card was not enrolled');
    expect(alert.textContent).toContain('No card was tapped within 30 seconds.');
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ readerId: 2 });
  });

  it('words a card that is enrolled already', async () => {
    renderEnroll([reader(2, 'Laser', true)], {
      status: 409,
      body: apiError(409, ReaderMessages.cardAlreadyEnrolled),
    });
    await chooseReader('Laser');
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This card is enrolled already.');
  });
});
