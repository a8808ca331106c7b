import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchPreferences,
  preferencesQueryKey,
  savePreferences,
} from '../../language/api/preferences-api.ts';

/**
 * Whether the signed-in member gets a mail before a session of theirs ends automatically
 * (decision 21), read and saved with the account's other preferences.
 */
export function useNotificationPreferences() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesQueryKey,
    queryFn: fetchPreferences,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (notifyBeforeAutomaticEnd: boolean) => savePreferences({ notifyBeforeAutomaticEnd }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
  return {
    isLoading: preferences.isPending,
    loadFailed: preferences.isError,
    notifyBeforeAutomaticEnd: save.isPending
      ? save.variables
      : (preferences.data?.notifyBeforeAutomaticEnd ?? false),
    setNotifyBeforeAutomaticEnd: (value: boolean) => save.mutate(value),
    isSaving: save.isPending,
    saveError: save.error,
  };
}
