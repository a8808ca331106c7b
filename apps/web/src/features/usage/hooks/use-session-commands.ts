import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEndSession } from '../api/use-end-session.ts';
import { useStartSession } from '../api/use-start-session.ts';

/** Start, take over and end a session, each announced with the spec's toasts (spec 01 §8). */
export function useSessionCommands(resourceId: number) {
  const { t } = useTranslation();
  const startSession = useStartSession(resourceId);
  const endSession = useEndSession(resourceId);

  return {
    isPending: startSession.isPending || endSession.isPending,
    /** `forceTakeOver` lets a QR code start whether or not someone else is using the resource. */
    start: (notes?: string, forceTakeOver = false) =>
      startSession.mutate(
        { notes, forceTakeOver: forceTakeOver || undefined },
        {
          onSuccess: () => notifySuccess(t('usage.toast.started')),
          onError: () => notifyError(t('usage.toast.startFailedTitle'), t('usage.toast.startFailedMessage')),
        },
      ),
    takeOver: (notes?: string) =>
      startSession.mutate(
        { notes, forceTakeOver: true },
        {
          onSuccess: () => notifySuccess(t('usage.toast.takenOver')),
          onError: () =>
            notifyError(t('usage.toast.takeOverFailedTitle'), t('usage.toast.takeOverFailedMessage')),
        },
      ),
    end: (notes?: string) =>
      endSession.mutate(
        { notes },
        {
          onSuccess: () => notifySuccess(t('usage.toast.ended')),
          onError: () => notifyError(t('usage.toast.endFailedTitle'), t('usage.toast.endFailedMessage')),
        },
      ),
  };
}

export type SessionCommands = ReturnType<typeof useSessionCommands>;
