import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { introducerStatusQuery } from '../../introductions/api/introducer-status-query.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';

/**
 * What the viewer may do on a group page: managers edit it (spec 01 §6); introducers of the group
 * manage its introductions. The introducer status is refreshed like on a resource page.
 */
export function useGroupRole(groupId: number) {
  const user = useSignedInUser();
  const isManager = user.systemPermissions.canManageResources;
  const refetchInterval = useLivePollInterval();
  const status = useQuery({
    ...introducerStatusQuery({ kind: 'group', id: groupId }, user.id),
    enabled: !isManager,
    refetchInterval,
  });
  return { isManager, isIntroducer: status.data?.isIntroducer === true };
}
