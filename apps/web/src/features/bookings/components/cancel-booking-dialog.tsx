import type { Booking } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCancelBooking } from '../api/use-bookings.ts';
import { formatDay, formatTime } from '../week.ts';

/** "Cancel this booking?" for a booking or block chosen in the calendar or in "My bookings". */
export function CancelBookingDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelBooking();
  const when = booking
    ? `${formatDay(new Date(booking.start))} ${formatTime(booking.start)}–${formatTime(booking.end)}`
    : '';
  const holder = booking?.kind === 'block' ? t('bookings.calendar.blocked') : (booking?.user?.username ?? '');
  return (
    <ConfirmDialog
      isOpen={booking !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('bookings.cancel.title')}
      paragraphs={[t('bookings.cancel.what', { when, holder })]}
      cancelLabel={t('bookings.cancel.keep')}
      confirmLabel={t('bookings.cancel.confirm')}
      isPending={cancel.isPending}
      onConfirm={() => {
        if (!booking) return;
        cancel.mutate(booking, {
          onSuccess: () => {
            notifySuccess(t('bookings.cancel.done'));
            onClose();
          },
          onError: (error) =>
            notifyError(t('bookings.cancel.failed'), translateServerMessage(t, error.message)),
        });
      }}
    />
  );
}
