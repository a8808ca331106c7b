import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePermissionFilter } from './use-permission-filter.ts';

const filters = { onlyInUseByMe: false, onlyWithPermissions: true };

/** Answers the overview's counts: `usable` resources of `all`, whatever the search. */
function serve(usable: number, all: number) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url.search);
      const total = url.searchParams.get('onlyWithPermissions') === 'true' ? usable : all;
      const body = { data: [], total, page: 1, limit: 1, totalPages: total };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

function run(isManager: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePermissionFilter(filters, '', isManager), { wrapper }).result;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('usePermissionFilter', () => {
  it('shows a member without introductions everything, marked as needing one', async () => {
    serve(0, 4);
    const result = run(false);
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.needsIntroduction).toBe(true);
    expect(result.current.filters.onlyWithPermissions).toBe(false);
    expect(result.current.hiddenCount).toBeUndefined();
  });

  it('keeps the switch for a member with an introduction and counts what it hides', async () => {
    serve(1, 4);
    const result = run(false);
    await waitFor(() => expect(result.current.hiddenCount).toBe(3));
    expect(result.current.needsIntroduction).toBe(false);
    expect(result.current.filters.onlyWithPermissions).toBe(true);
  });

  it('asks nothing for a manager, whom the switch hides nothing from', () => {
    const calls = serve(0, 4);
    const result = run(true);
    expect(result.current).toMatchObject({ isPending: false, needsIntroduction: false });
    expect(result.current.filters.onlyWithPermissions).toBe(true);
    expect(calls).toHaveLength(0);
  });
});
