import { Button, buttonVariants } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PluginResourceActions } from '../../plugins/components/plugin-resource-actions.tsx';
import { DeleteResourceButton } from './delete-resource-button.tsx';

type ResourceManagerActionsProps = {
  resource: Resource;
  onEdit: () => void;
  onShowQrCode: () => void;
};

/**
 * What managers may do with a resource: the plugins' extra actions, IoT settings, edit, QR code and
 * delete (spec 01 §2).
 */
export function ResourceManagerActions({ resource, onEdit, onShowQrCode }: ResourceManagerActionsProps) {
  const { t } = useTranslation();
  // One group, quieter than the page's one primary action (start or end, in the usage card). On
  // phones a 2 × 2 box: a pill whose buttons wrap onto a second line looked broken (issue 28).
  return (
    <fieldset
      aria-label={t('resourceDetail.actions.manage')}
      className="grid min-w-0 grid-cols-2 gap-1 rounded-2xl border border-separator p-1 sm:flex sm:flex-wrap sm:items-center sm:rounded-full"
    >
      <PluginResourceActions resource={resource} />
      <Link to={`/resources/${resource.id}/iot`} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        {t('iot.link')}
      </Link>
      <Button size="sm" variant="ghost" onPress={onEdit}>
        {t('resourceDetail.actions.edit')}
      </Button>
      <Button size="sm" variant="ghost" onPress={onShowQrCode}>
        {t('resourceDetail.actions.qrCode')}
      </Button>
      <DeleteResourceButton resourceId={resource.id} resourceName={resource.name} />
    </fieldset>
  );
}
