import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { PairReaderModal } from './pair-reader-modal.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PairReaderModal', () => {
  it("drops the server's message under a field once it is edited", async () => {
    const sent = fakeApi({
      'POST /api/fabreader/readers/pair': {
        status: 400,
        body: apiError(400, 'Invalid input data.', { name: ['A reader with this name exists.'] }),
      },
    });
    renderRoute(<PairReaderModal isOpen onClose={() => undefined} />, {
      path: '/fabreader',
      pattern: '/fabreader',
    });
    const name = screen.getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, 'Door');
    await userEvent.type(screen.getByRole('textbox', { name: /Pairing code/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Pair' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    // Under the field, and nowhere else once it is edited.
    expect(await screen.findByText('A reader with this name exists.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(name, ' 2');
    expect(screen.queryByText('A reader with this name exists.')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });
});
