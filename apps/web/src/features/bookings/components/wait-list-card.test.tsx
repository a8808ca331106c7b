import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User, WaitListEntry } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api.ts';
import { aResource } from '../../../test/resource-fixture.ts';
import { WaitListCard } from './wait-list-card.tsx';

const viewer: User = {
  id: 7,
  username: 'viewer',
  email: 'viewer@example.test',
  externalIdentifier: null,
  isEmailVerified: true,
  systemPermissions: {
    canManageResources: false,
    canManageSystemConfiguration: false,
    canManageUsers: false,
  },
};
vi.mock('../../../sign-in/sign-in-context.tsx', () => ({ useSignedInUser: () => viewer }));
afterEach(() => vi.unstubAllGlobals());

const resource = aResource({ id: 3, name: '3D printer', bookingMode: 'wait-list' });
const entry = (
  id: number,
  username: string,
  position: number,
  heldUntil: string | null = null,
): WaitListEntry => ({
  user: { id, username },
  position,
  since: new Date(2030, 0, 7, 17, 5).toISOString(),
  heldUntil,
});

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <WaitListCard resource={resource} />
    </QueryClientProvider>,
  );
}

describe('WaitListCard', () => {
  it('lists who waits in order and lets the viewer join', async () => {
    let list = [entry(9, 'ada', 1, new Date(2030, 0, 7, 18, 10).toISOString())];
    const sent = fakeApi({
      'GET /api/resources/3/wait-list': () => ({ status: 200, body: list }),
      'POST /api/resources/3/wait-list': () => {
        list = [...list, entry(viewer.id, viewer.username, 2)];
        return { status: 201, body: list };
      },
    });
    const user = userEvent.setup();
    renderCard();
    const listed = await screen.findByRole('list', { name: 'Members waiting, in order' });
    expect(listed.textContent).toContain('1.ada');
    expect(listed.textContent).toContain('waiting since 07/01/2030 17:05');
    expect(listed.textContent).toContain('held until 18:10');
    await user.click(screen.getByRole('button', { name: 'Join wait list' }));
    expect(await screen.findByText('You are number 2 in line.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave wait list' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('tells the viewer when the machine is held for them, and lets them leave', async () => {
    let list = [entry(viewer.id, viewer.username, 1, new Date(2030, 0, 7, 18, 10).toISOString())];
    fakeApi({
      'GET /api/resources/3/wait-list': () => ({ status: 200, body: list }),
      'DELETE /api/resources/3/wait-list': () => {
        list = [];
        return { status: 200, body: list };
      },
    });
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText("It's your turn: the machine is held for you until 18:10.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave wait list' }));
    await waitFor(() => expect(screen.getByText('Nobody is waiting.')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Join wait list' })).toBeTruthy();
  });
});
