import { useQueryClient } from '@tanstack/react-query';
import type { PairReaderBody, Reader, UpdateReaderBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { readersKeys, readersPath } from './reader-queries.ts';

function useRefreshReaders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: readersKeys.readers });
}

/** Approves the reader that shows this code (the readers design: pairing). */
export function usePairReader() {
  const refresh = useRefreshReaders();
  return useSingleFlightMutation({
    mutationFn: (body: PairReaderBody) => apiClient.post<Reader>(`${readersPath}/pair`, body),
    onSuccess: refresh,
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
