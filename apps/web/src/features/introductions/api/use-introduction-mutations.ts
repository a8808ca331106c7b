import { useQueryClient } from '@tanstack/react-query';
import type { Introduction, UserRef } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type IntroductionScope, revokeMethod, scopeKey, scopePath } from '../introduction-scope.ts';

/** Who is introduced or denied, and the optional comment recorded in the history. */
export type IntroductionChange = { user: UserRef; comment: string };

const introductionPath = (scope: IntroductionScope, user: UserRef, verb: 'grant' | 'revoke') =>
  `${scopePath(scope)}/introductions/${user.id}/${verb}`;

/** An empty comment is sent as none. */
const commentBody = (comment: string) => ({ comment: comment.trim() || null });

function useRefreshScope(scope: IntroductionScope) {
  const queryClient = useQueryClient();
  // An introduction changes more than the list: whether the user may start a session, for one.
  return () => queryClient.invalidateQueries({ queryKey: scopeKey(scope) });
}

export function useGrantIntroduction(scope: IntroductionScope) {
  const refresh = useRefreshScope(scope);
  return useSingleFlightMutation({
    mutationFn: ({ user, comment }: IntroductionChange) =>
      apiClient.post<Introduction>(introductionPath(scope, user, 'grant'), commentBody(comment)),
    onSuccess: refresh,
  });
}

export function useRevokeIntroduction(scope: IntroductionScope) {
  const refresh = useRefreshScope(scope);
  return useSingleFlightMutation({
    mutationFn: ({ user, comment }: IntroductionChange) =>
      apiClient[revokeMethod(scope)]<Introduction>(
        introductionPath(scope, user, 'revoke'),
        commentBody(comment),
      ),
    onSuccess: refresh,
  });
}
