import { useQuery } from '@tanstack/react-query';
import { resourceQuery } from '../../resources/api/resources-queries.ts';

/** The resource shown on its detail page; live events refresh it. */
export function useResource(resourceId: number) {
  return useQuery(resourceQuery(resourceId));
}
