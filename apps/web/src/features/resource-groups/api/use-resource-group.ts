import { useQuery } from '@tanstack/react-query';
import { resourceGroupQuery } from '../../resources/api/resources-queries.ts';

export const useResourceGroup = (groupId: number) => useQuery(resourceGroupQuery(groupId));
