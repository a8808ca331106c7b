import { useQuery } from '@tanstack/react-query';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { introducerStatusQuery } from '../../introductions/api/introducer-status-query.ts';

/** Managers and the group's introducers may open a group's page (spec 01 §2, §6). */
export function useCanOpenGroup(groupId: number): boolean {
  const user = useSignedInUser();
  const isManager = user.systemPermissions.canManageResources;
  const status = useQuery({
    ...introducerStatusQuery({ kind: 'group', id: groupId }, user.id),
    enabled: !isManager,
  });
  return isManager || status.data?.isIntroducer === true;
}
