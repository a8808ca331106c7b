import type { ResourceGroup } from '@toolpass/contracts';
import { Link } from 'react-router';
import { useCanOpenGroup } from '../api/use-can-open-group.ts';

/** A group's name, linking to its page for those who may open it. */
export function GroupCardTitle({ group }: { group: ResourceGroup }) {
  const canOpen = useCanOpenGroup(group.id);
  if (!canOpen) return group.name;
  return (
    <Link
      to={`/resource-groups/${group.id}`}
      className="text-accent-soft-foreground underline-offset-4 hover:underline"
    >
      {group.name}
    </Link>
  );
}
