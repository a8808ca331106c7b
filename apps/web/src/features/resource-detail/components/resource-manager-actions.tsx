import { Button, buttonVariants } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { PluginResourceActions } from '../../plugins/components/plugin-resource-actions.tsx';
import { useOutOfOrder } from '../../resources/api/use-out-of-order.ts';
import { DeleteResourceButton } from './delete-resource-button.tsx';

type ResourceManagerActionsProps = {
  resource: Resource;
  onEdit: () => void;
  onShowQrCode: () => void;
  /** Opens the out-of-order dialog (decision 21). */
  onMarkOutOfOrder: () => void;
  /** The resource was deleted: its page is left. */
  onDeleted: () => void;
};

/**
 * What managers may do with a resource: the plugins' extra actions, IoT settings, edit, QR code and
 * delete (spec 01 §2), and out of order or back in service (decision 21).
 */
export function ResourceManagerActions({
  resource,
  onEdit,
  onShowQrCode,
  onMarkOutOfOrder,
  onDeleted,
}: ResourceManagerActionsProps) {
  const { t } = useTranslation();
  const { clear } = useOutOfOrder(resource.id);
  // One group, quieter than the page's one primary action (start or end, in the usage card). On
  // phones a two-column box: a pill whose buttons wrap onto a second line looked broken (issue 28).
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
      {resource.outOfOrder ? (
        <Button
          size="sm"
          variant="ghost"
          isPending={clear.isPending}
          onPress={() =>
            clear.mutate(undefined, {
              onSuccess: () => notifySuccess(t('safetyRules.outOfOrder.backInServiceDone')),
              onError: (error) => notifyError(t('safetyRules.outOfOrder.failed'), error.message),
            })
          }
        >
          {t('safetyRules.outOfOrder.backInService')}
        </Button>
      ) : (
        <Button size="sm" variant="ghost" onPress={onMarkOutOfOrder}>
          {t('safetyRules.outOfOrder.mark')}
        </Button>
      )}
      <DeleteResourceButton resourceId={resource.id} resourceName={resource.name} onDeleted={onDeleted} />
    </fieldset>
  );
}
