import type { Resource } from '@toolpass/contracts';
import { WrenchIcon } from '../../../components/icons.tsx';
import { resourceImageUrl } from '../../resources/api/resources-queries.ts';

/** The resource's picture, or a tool icon; decorative, since the name sits beside it. */
export function ResourceThumbnail({ resource }: { resource: Resource }) {
  return (
    <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-secondary">
      {resource.imageFilename ? (
        <img
          src={resourceImageUrl(resource.imageFilename)}
          alt=""
          loading="lazy"
          className="size-full object-cover"
        />
      ) : (
        <WrenchIcon className="size-5 text-muted" />
      )}
    </div>
  );
}
