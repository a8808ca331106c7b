import { useQuery } from '@tanstack/react-query';
import type { IntroductionScope } from '../introduction-scope.ts';
import { introducersQuery, introductionsQuery } from './introductions-queries.ts';

export const useIntroducers = (scope: IntroductionScope) => useQuery(introducersQuery(scope));
export const useIntroductions = (scope: IntroductionScope) => useQuery(introductionsQuery(scope));
