import { useQuery } from '@tanstack/react-query';
import { userPermissionsQuery, userQuery, usersListQuery } from './users-queries.ts';

export const useUsersList = (page: number, search: string) => useQuery(usersListQuery(page, search));
export const useUser = (id: number) => useQuery(userQuery(id));
export const useUserPermissions = (id: number) => useQuery(userPermissionsQuery(id));
