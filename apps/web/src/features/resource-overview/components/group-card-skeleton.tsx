import { Card, Skeleton } from '@heroui/react';
import { ResourceTableSkeleton } from './resource-table-skeleton.tsx';

/** A card-shaped placeholder while the groups load. */
export function GroupCardSkeleton() {
  return (
    <Card>
      <Card.Header>
        <Skeleton className="h-6 w-48 rounded-lg" />
      </Card.Header>
      <Card.Content>
        <ResourceTableSkeleton />
      </Card.Content>
    </Card>
  );
}
