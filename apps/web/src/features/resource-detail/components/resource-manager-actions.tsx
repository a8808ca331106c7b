import { Button } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { DeleteResourceButton } from './delete-resource-button.tsx';

type ResourceManagerActionsProps = {
  resource: Resource;
  onEdit: () => void;
  onShowQrCode: () => void;
};

/** What managers may do with a resource: IoT settings, edit, QR code and delete (spec 01 §2). */
export function ResourceManagerActions({ resource, onEdit, onShowQrCode }: ResourceManagerActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <LinkButton to={`/resources/${resource.id}/iot`} variant="secondary">
        {t('resourceDetail.actions.iot')}
      </LinkButton>
      <Button variant="secondary" onPress={onEdit}>
        {t('resourceDetail.actions.edit')}
      </Button>
      <Button variant="secondary" onPress={onShowQrCode}>
        {t('resourceDetail.actions.qrCode')}
      </Button>
      <DeleteResourceButton resourceId={resource.id} resourceName={resource.name} />
    </>
  );
}
