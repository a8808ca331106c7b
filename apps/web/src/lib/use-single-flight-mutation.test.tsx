import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSingleFlightMutation } from './use-single-flight-mutation.ts';

function setup(mutationFn: (value: number) => Promise<number>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSingleFlightMutation({ mutationFn }), { wrapper });
}

describe('useSingleFlightMutation', () => {
  it('sends one request for calls made while one is under way, and the next after it settled', async () => {
    const calls: number[] = [];
    let finish: (value: number) => void = () => undefined;
    const { result } = setup((value) => {
      calls.push(value);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    // Both calls in one turn, as a double click delivers them before React re-renders.
    let first: Promise<number> | undefined;
    let second: Promise<number> | undefined;
    act(() => {
      first = result.current.mutateAsync(1);
      second = result.current.mutateAsync(2);
      result.current.mutate(3);
    });
    expect(second).toBe(first);
    await waitFor(() => expect(result.current.isPending).toBe(true));
    await act(async () => {
      finish(10);
      await first;
    });
    expect(calls).toEqual([1]);
    await waitFor(() => expect(result.current.data).toBe(10));

    act(() => result.current.mutate(4));
    await waitFor(() => expect(calls).toEqual([1, 4]));
  });

  it('lets the next call through after a failure', async () => {
    const calls: number[] = [];
    const { result } = setup(async (value) => {
      calls.push(value);
      if (value === 1) throw new Error('refused');
      return value;
    });
    await act(async () => {
      await expect(result.current.mutateAsync(1)).rejects.toThrow('refused');
    });
    await act(async () => {
      await result.current.mutateAsync(2);
    });
    expect(calls).toEqual([1, 2]);
  });
});
