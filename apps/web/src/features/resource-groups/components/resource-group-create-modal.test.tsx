import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResourceGroupCreateModal } from './resource-group-create-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function GroupPageStandIn() {
  return <p>Group page {useParams().groupId}</p>;
}

function renderModal() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/resources']}>
        <Routes>
          <Route
            path="/resources"
            element={<ResourceGroupCreateModal isOpen onOpenChange={() => undefined} />}
          />
          <Route path="/resource-groups/:groupId" element={<GroupPageStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ResourceGroupCreateModal', () => {
  it('sends the trimmed fields and opens the new group', async () => {
    const fetch = answer(201, { id: 9, name: 'Wood shop', description: null });
    renderModal();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), '  Wood shop ');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Group page 9')).toBeTruthy();
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/resource-groups');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Wood shop' });
  });

  it('shows the server message under its field until the field is edited', async () => {
    answer(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid input data.',
      errors: { name: ['Name is too long.'] },
      requestId: 'r',
    });
    renderModal();
    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, 'Wood shop');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Name is too long.')).toBeTruthy();
    await userEvent.type(name, 's');
    expect(screen.queryByText('Name is too long.')).toBeNull();
  });

  it('keeps "Create" disabled while the name is blank', async () => {
    renderModal();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), '   ');
    expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(true);
  });
});
