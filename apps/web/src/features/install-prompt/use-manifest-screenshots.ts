import { useQuery } from '@tanstack/react-query';

export type ManifestScreenshot = { src: string; label: string; formFactor: 'narrow' | 'wide' | undefined };

function toScreenshot(value: unknown): ManifestScreenshot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { src, label, form_factor: formFactor } = value as Record<string, unknown>;
  if (typeof src !== 'string' || !src.startsWith('/')) return undefined;
  return {
    src,
    label: typeof label === 'string' ? label : '',
    formFactor: formFactor === 'narrow' || formFactor === 'wide' ? formFactor : undefined,
  };
}

/** The web app manifest is a static file of the app, not part of the API, so plain fetch reads it. */
async function fetchManifestScreenshots(): Promise<ManifestScreenshot[]> {
  const response = await fetch('/manifest.json');
  if (!response.ok) throw new Error(`/manifest.json answered ${response.status}`);
  const manifest: unknown = await response.json();
  const screenshots =
    typeof manifest === 'object' && manifest !== null && 'screenshots' in manifest
      ? manifest.screenshots
      : [];
  return Array.isArray(screenshots)
    ? screenshots.map(toScreenshot).filter((shot): shot is ManifestScreenshot => shot !== undefined)
    : [];
}

/** Screenshots of the manifest made for this screen shape, or all of them when none is. */
export function useManifestScreenshots(formFactor: 'narrow' | 'wide') {
  return useQuery({
    queryKey: ['web-manifest', 'screenshots'],
    queryFn: fetchManifestScreenshots,
    staleTime: Number.POSITIVE_INFINITY,
    select: (screenshots) => {
      const matching = screenshots.filter((shot) => shot.formFactor === formFactor);
      return matching.length > 0 ? matching : screenshots;
    },
  });
}
