import type { Resource } from '@toolpass/contracts';

export const documentationPagePath = (resourceId: number) => `/resources/${resourceId}/documentation`;
export const documentationEditPath = (resourceId: number) => `/resources/${resourceId}/documentation/edit`;

/** "Open in new tab" opens the external page itself, else the app's documentation page (spec 02 §2). */
export function newTabTarget(resource: Resource): string {
  return resource.documentationType === 'url' && resource.documentationUrl
    ? resource.documentationUrl
    : documentationPagePath(resource.id);
}
