import { Button, Card, Skeleton } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { useResourceDocumentation } from '../api/use-resource-documentation.ts';
import { documentationEditPath } from '../documentation-links.ts';
import { DocumentationPageLoadError } from './documentation-load-error.tsx';
import { DocumentationViewer } from './documentation-viewer.tsx';

/** The read-only documentation page of a resource (spec 02 §2 "Documentation page"). */
export function ResourceDocumentationView({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const { user } = useSignIn();
  const resource = useResourceDocumentation(resourceId);
  const [frameReloadKey, setFrameReloadKey] = useState(0);
  const back = { to: `/resources/${resourceId}`, label: t('documentation.back') };

  if (resource.isPending) {
    return (
      <>
        <PageHeader
          title={t('documentation.title')}
          subtitle={<Skeleton className="h-5 w-48 rounded" />}
          back={back}
        />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </>
    );
  }
  if (resource.isError) {
    return (
      <>
        <PageHeader title={t('documentation.title')} back={back} />
        <DocumentationPageLoadError error={resource.error} onRetry={() => void resource.refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('documentation.title')}
        subtitle={resource.data.name}
        back={back}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              isPending={resource.isFetching}
              onPress={() => {
                void resource.refetch();
                setFrameReloadKey((key) => key + 1);
              }}
            >
              {t('documentation.refresh')}
            </Button>
            {user?.systemPermissions.canManageResources && (
              <LinkButton to={documentationEditPath(resourceId)}>{t('documentation.edit')}</LinkButton>
            )}
          </div>
        }
      />
      <Card>
        <Card.Content>
          <DocumentationViewer resource={resource.data} frameReloadKey={frameReloadKey} />
        </Card.Content>
      </Card>
    </>
  );
}
