import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { PairReaderBody, Reader, UpdateReaderBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { readersKeys, readersPath, readersQuery } from './reader-queries.ts';

function useRefreshReaders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: readersKeys.readers });
}

/** How long, and how often, the list is asked after a pairing until the reader shows connected. */
export const PAIRED_WATCH_MS = 30_000;
export const PAIRED_POLL_MS = 1_000;

/**
 * A paired reader closes its socket and comes back with its new key a moment later: the list
 * learns that only when it is asked again. Asked every second for a while, so the reader shows
 * as connected within about a second of it, not at the next 5-second refresh.
 */
export async function watchUntilConnected(
  queryClient: QueryClient,
  readerId: number,
  options: { watchMs?: number; pollMs?: number } = {},
): Promise<boolean> {
  const until = Date.now() + (options.watchMs ?? PAIRED_WATCH_MS);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? PAIRED_POLL_MS));
    const readers = await queryClient.fetchQuery({ ...readersQuery(), staleTime: 0 }).catch(() => undefined);
    if (readers?.some((reader) => reader.id === readerId && reader.connected)) return true;
  }
  return false;
}

/** Approves the reader that shows this code (the readers design: pairing). */
export function usePairReader() {
  const queryClient = useQueryClient();
  const refresh = useRefreshReaders();
  return useSingleFlightMutation({
    mutationFn: (body: PairReaderBody) => apiClient.post<Reader>(`${readersPath}/pair`, body),
    onSuccess: (reader) => {
      // Listed at once, then shown connected as soon as it has come back with its key.
      queryClient.setQueryData<Reader[]>(readersKeys.readers, (readers) =>
        readers && !readers.some((known) => known.id === reader.id) ? [...readers, reader] : readers,
      );
      void watchUntilConnected(queryClient, reader.id);
      return refresh();
    },
  });
}

export function useUpdateReader(readerId: number) {
  const refresh = useRefreshReaders();
  return useSingleFlightMutation({
    mutationFn: (body: UpdateReaderBody) => apiClient.patch<Reader>(`${readersPath}/${readerId}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteReader() {
  const refresh = useRefreshReaders();
  return useSingleFlightMutation({
    mutationFn: (readerId: number) => apiClient.delete<void>(`${readersPath}/${readerId}`),
    onSuccess: refresh,
  });
}
