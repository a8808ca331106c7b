import { Button, buttonVariants, Modal, ToggleButton } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingView } from '../../../components/loading-view.tsx';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { useResourceDocumentation } from '../api/use-resource-documentation.ts';
import { documentationEditPath, newTabTarget } from '../documentation-links.ts';
import { DocumentationLoadError } from './documentation-load-error.tsx';
import { DocumentationViewer } from './documentation-viewer.tsx';

type DocumentationModalProps = {
  resourceId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** A resource's documentation over the current page, wide or fullscreen (spec 02 §2). */
export function DocumentationModal({ resourceId, isOpen, onOpenChange }: DocumentationModalProps) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      {/* HeroUI's widest fixed size is lg; the spec's 5xl is set on the dialog. */}
      <Modal.Container size={isFullscreen ? 'full' : 'lg'} scroll="inside">
        <Modal.Dialog className={isFullscreen ? undefined : 'sm:max-w-5xl'}>
          {/* Mounted on each opening, which is when the documentation is fetched again. */}
          <DocumentationModalContent
            resourceId={resourceId}
            isFullscreen={isFullscreen}
            onFullscreenChange={setIsFullscreen}
          />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

type ContentProps = {
  resourceId: number;
  isFullscreen: boolean;
  onFullscreenChange: (value: boolean) => void;
};

function DocumentationModalContent({ resourceId, isFullscreen, onFullscreenChange }: ContentProps) {
  const { t } = useTranslation();
  const { user } = useSignIn();
  const resource = useResourceDocumentation(resourceId, { refetchOnOpen: true });
  const [frameReloadKey, setFrameReloadKey] = useState(0);
  const small = buttonVariants({ variant: 'tertiary', size: 'sm' });

  return (
    <>
      <Modal.Header className="flex-row flex-wrap items-center justify-between gap-3">
        <Modal.Heading>
          {resource.data
            ? t('documentation.modalTitle', { name: resource.data.name })
            : t('documentation.title')}
        </Modal.Heading>
        <div className="flex flex-wrap items-center gap-2">
          <ToggleButton size="sm" isSelected={isFullscreen} onChange={onFullscreenChange}>
            {t('documentation.fullscreen')}
          </ToggleButton>
          {resource.data && (
            <a className={small} href={newTabTarget(resource.data)} target="_blank" rel="noopener noreferrer">
              {t('documentation.openInNewTab')}
            </a>
          )}
          {resource.data?.documentationType === 'url' && (
            <Button size="sm" variant="tertiary" onPress={() => setFrameReloadKey((key) => key + 1)}>
              {t('documentation.refresh')}
            </Button>
          )}
          {user?.systemPermissions.canManageResources && (
            <Link className={small} to={documentationEditPath(resourceId)}>
              {t('documentation.edit')}
            </Link>
          )}
          <Button size="sm" variant="secondary" slot="close">
            {t('documentation.close')}
          </Button>
        </div>
      </Modal.Header>
      <Modal.Body className={isFullscreen ? 'flex flex-1 flex-col' : undefined}>
        {resource.isPending && <LoadingView label={t('documentation.loading')} />}
        {resource.isError && (
          <DocumentationLoadError error={resource.error} onRetry={() => void resource.refetch()} />
        )}
        {resource.data && (
          <DocumentationViewer
            resource={resource.data}
            frameReloadKey={frameReloadKey}
            frameClassName={isFullscreen ? 'min-h-[60dvh] flex-1' : 'h-[65dvh]'}
          />
        )}
      </Modal.Body>
    </>
  );
}
