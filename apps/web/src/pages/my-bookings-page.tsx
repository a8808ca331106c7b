import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { ICalFeedCard } from '../features/bookings/components/ical-feed-card.tsx';
import { MyBookingsCard } from '../features/bookings/components/my-bookings-card.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';

/** /bookings: the signed-in member's upcoming bookings and their calendar feed (decision 23). */
export default function MyBookingsPage() {
  const { t } = useTranslation();
  // A booking cancelled by a manager or released as a no-show leaves the list at once.
  useResourceLiveUpdates();
  return (
    <>
      <PageHeader title={t('bookings.mine.pageTitle')} subtitle={t('bookings.mine.pageSubtitle')} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <MyBookingsCard />
        <ICalFeedCard />
      </div>
    </>
  );
}
