import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEndUsage } from '../api/use-end-usage.ts';
import { useStartUsage } from '../api/use-start-usage.ts';
import { startRefusal } from '../start-refusal.ts';

/** Start, take over and end a session, each announced with the spec's toasts (spec 01 §8). */
export function useUsageCommands(resourceId: number) {
  const { t } = useTranslation();
  const startUsage = useStartUsage(resourceId);
  const endUsage = useEndUsage(resourceId);

  return {
    isPending: startUsage.isPending || endUsage.isPending,
    /** `forceTakeOver` lets a QR code start whether or not someone else is using the resource. */
    start: (notes?: string, forceTakeOver = false) =>
      startUsage.mutate(
        { notes, forceTakeOver: forceTakeOver || undefined },
        {
          onSuccess: () => notifySuccess(t('usage.toast.started')),
          onError: (error) =>
            notifyError(
              t('usage.toast.startFailedTitle'),
              startRefusal(t, error) ?? t('usage.toast.startFailedMessage'),
            ),
        },
      ),
    takeOver: (notes?: string) =>
      startUsage.mutate(
        { notes, forceTakeOver: true },
        {
          onSuccess: () => notifySuccess(t('usage.toast.takenOver')),
          onError: (error) =>
            notifyError(
              t('usage.toast.takeOverFailedTitle'),
              startRefusal(t, error) ?? t('usage.toast.takeOverFailedMessage'),
            ),
        },
      ),
    end: (notes?: string) =>
      endUsage.mutate(
        { notes },
        {
          onSuccess: () => notifySuccess(t('usage.toast.ended')),
          onError: () => notifyError(t('usage.toast.endFailedTitle'), t('usage.toast.endFailedMessage')),
        },
      ),
  };
}

export type UsageCommands = ReturnType<typeof useUsageCommands>;
