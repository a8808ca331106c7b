import { useQuery } from '@tanstack/react-query';
import type { DependencyEntry } from '../dependency-entry.ts';

/** `/dependencies.json` is written by the build from the packages in the bundle. */
async function fetchDependencies(): Promise<DependencyEntry[]> {
  const response = await fetch('/dependencies.json', { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  return (await response.json()) as DependencyEntry[];
}

export function useDependencies() {
  return useQuery({
    queryKey: ['dependencies'],
    queryFn: fetchDependencies,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
