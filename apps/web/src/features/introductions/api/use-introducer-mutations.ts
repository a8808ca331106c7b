import { useQueryClient } from '@tanstack/react-query';
import type { Introducer, UserRef } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type IntroductionScope, revokeMethod, scopePath } from '../introduction-scope.ts';
import { introductionsKeys } from './introductions-queries.ts';

const introducerPath = (scope: IntroductionScope, user: UserRef, verb: 'grant' | 'revoke') =>
  `${scopePath(scope)}/introducers/${user.id}/${verb}`;

function useRefreshIntroducers(scope: IntroductionScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: introductionsKeys.introducers(scope) });
}

/** Makes a user an introducer of the resource or group (managers only). */
export function useGrantIntroducer(scope: IntroductionScope) {
  const refresh = useRefreshIntroducers(scope);
  return useSingleFlightMutation({
    mutationFn: (user: UserRef) => apiClient.post<Introducer>(introducerPath(scope, user, 'grant')),
    onSuccess: refresh,
  });
}

/** The user no longer introduces others to the resource or group. */
export function useRevokeIntroducer(scope: IntroductionScope) {
  const refresh = useRefreshIntroducers(scope);
  return useSingleFlightMutation({
    mutationFn: (user: UserRef) => apiClient[revokeMethod(scope)](introducerPath(scope, user, 'revoke')),
    onSuccess: refresh,
  });
}
