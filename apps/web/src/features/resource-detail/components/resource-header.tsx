import type { Resource } from '@toolpass/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { resourceImageUrl } from '../../resources/api/resources-queries.ts';

/** Name, description and image of the resource, with the page's actions beside them. */
export function ResourceHeader({ resource, actions }: { resource: Resource; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-start gap-4">
      {resource.imageFilename && (
        <img
          src={resourceImageUrl(resource.imageFilename)}
          alt={t('resourceDetail.imageAlt', { name: resource.name })}
          className="mt-6 size-20 shrink-0 rounded-2xl object-cover sm:size-32"
        />
      )}
      <div className="min-w-0 flex-1">
        <PageHeader
          title={resource.name}
          subtitle={resource.description}
          back={{ to: '/resources', label: t('resourceDetail.back') }}
          actions={<div className="flex flex-wrap items-center gap-2">{actions}</div>}
        />
      </div>
    </div>
  );
}
