import { useQuery } from '@tanstack/react-query';
import { resourceGroupsQuery } from '../../resources/api/resources-queries.ts';

/** Every resource group, for choosing which ones a resource belongs to. */
export function useResourceGroups() {
  return useQuery(resourceGroupsQuery());
}
