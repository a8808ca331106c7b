import { useQuery } from '@tanstack/react-query';
import { sampleTemplateValues } from '@toolpass/contracts';
import { useState } from 'react';
import { resourceQuery } from '../../resources/api/resources-queries.ts';

/**
 * Sample values for the previews: the resource's own id and name, and a time fixed while the
 * form is open, so the previews do not change on every keystroke.
 */
export function useSampleValues(resourceId: number) {
  const resource = useQuery(resourceQuery(resourceId));
  const [openedAt] = useState(() => new Date());
  return sampleTemplateValues({ id: resourceId, name: resource.data?.name ?? `#${resourceId}` }, openedAt);
}
