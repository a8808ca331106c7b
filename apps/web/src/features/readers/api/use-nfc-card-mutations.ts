import { useQueryClient } from '@tanstack/react-query';
import type { EnrollNfcCardBody, NfcCard, ResetNfcCardBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { nfcCardsPath, readersKeys, readersPath } from './reader-queries.ts';

function useRefreshCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: readersKeys.cards });
}

/** Answers once the card was tapped and written, or with 408/409/422/404 (the readers design). */
export function useEnrollNfcCard() {
  const refresh = useRefreshCards();
  return useSingleFlightMutation({
    mutationFn: (body: EnrollNfcCardBody) => apiClient.post<NfcCard>(`${readersPath}/enroll-nfc-card`, body),
    onSuccess: refresh,
  });
}

/** Gives the tapped card back its factory keys and deletes it. */
export function useResetNfcCard() {
  const refresh = useRefreshCards();
  return useSingleFlightMutation({
    mutationFn: (body: ResetNfcCardBody) => apiClient.post<void>(`${readersPath}/reset-nfc-card`, body),
    onSuccess: refresh,
  });
}

/** Deletes the card without it at hand: it stays locked to keys nobody else can derive. */
export function useDeleteNfcCard() {
  const refresh = useRefreshCards();
  return useSingleFlightMutation({
    mutationFn: (cardId: number) => apiClient.delete<void>(`${nfcCardsPath}/${cardId}`),
    onSuccess: refresh,
  });
}
