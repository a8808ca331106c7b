import { Alert, Button } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '../components/load-error.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { OutOfOrderChip } from '../components/out-of-order-chip.tsx';
import { BookingCalendarCard } from '../features/bookings/components/booking-calendar-card.tsx';
import { WaitListCard } from '../features/bookings/components/wait-list-card.tsx';
import { DocumentationModal } from '../features/documentation/components/documentation-modal.tsx';
import { IntroducersCard } from '../features/introductions/components/introducers-card.tsx';
import { IntroductionsCard } from '../features/introductions/components/introductions-card.tsx';
import type { IntroductionScope } from '../features/introductions/introduction-scope.ts';
import { QrCodeDialog } from '../features/qr-code/components/qr-code-dialog.tsx';
import { useResource } from '../features/resource-detail/api/use-resource.ts';
import { useViewerIntroducerStatus } from '../features/resource-detail/api/use-viewer-introducer-status.ts';
import { GroupsManagerCard } from '../features/resource-detail/components/groups-manager-card.tsx';
import { OutOfOrderDialog } from '../features/resource-detail/components/out-of-order-dialog.tsx';
import { ResourceHeader } from '../features/resource-detail/components/resource-header.tsx';
import { ResourceManagerActions } from '../features/resource-detail/components/resource-manager-actions.tsx';
import { ResourceNotFound } from '../features/resource-detail/components/resource-not-found.tsx';
import { StatusHistoryCard } from '../features/resource-detail/components/status-history-card.tsx';
import { ResourceFormModal } from '../features/resources/components/resource-form-modal.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';
import { IntroductionExpiryNote } from '../features/usage/components/introduction-expiry-note.tsx';
import { UsageHistoryCard } from '../features/usage/components/usage-history-card.tsx';
import { UsageSessionCard } from '../features/usage/components/usage-session-card.tsx';
import { useQrDeepLink } from '../features/usage/hooks/use-qr-deep-link.ts';
import { type UsageCommands, useUsageCommands } from '../features/usage/hooks/use-usage-commands.ts';
import { ApiError } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format-date-time.ts';
import { useSignedInUser } from '../sign-in/sign-in-context.tsx';

/** /resources/{id}: one resource, its usage and, for those who look after it, its administration. */
export default function ResourceDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resourceId = Number(useParams().id);
  // Deleted here: nothing of the resource is rendered while the app goes back to the overview
  // (spec 01 §2), so none of its cards asks for its data again once the deletion dropped it.
  // Where the deletion happened: the router may keep this page on screen while it loads the
  // next one, and a return through the browser's history is a new location, which shows the
  // page again ("not found" then).
  const location = useLocation();
  const [deletedAt, setDeletedAt] = useState<{ id: number; location: Location }>();
  if (!Number.isInteger(resourceId) || resourceId <= 0) return <ResourceNotFound />;
  if (deletedAt?.id === resourceId && deletedAt.location === location) {
    return <LoadingView label={t('common.loading')} />;
  }
  const leave = () => {
    setDeletedAt({ id: resourceId, location });
    void navigate('/resources');
  };
  // Keyed by id, so moving between resources starts each page with fresh dialogs and paging.
  return <ResourceDetail key={resourceId} resourceId={resourceId} onDeleted={leave} />;
}

function ResourceDetail({ resourceId, onDeleted }: { resourceId: number; onDeleted: () => void }) {
  const { t } = useTranslation();
  useResourceLiveUpdates();
  const resource = useResource(resourceId);
  const commands = useUsageCommands(resourceId);
  useQrDeepLink(resourceId, commands);

  if (resource.error instanceof ApiError && resource.error.status === 404) return <ResourceNotFound />;
  if (resource.data) {
    return <ResourceDetailContent resource={resource.data} commands={commands} onDeleted={onDeleted} />;
  }
  if (resource.isError) {
    return (
      <LoadError
        title={t('resourceDetail.loadFailed')}
        message={resource.error.message}
        onRetry={() => void resource.refetch()}
      />
    );
  }
  return <LoadingView label={t('resourceDetail.loading')} />;
}

type OpenDialog = 'documentation' | 'edit' | 'qrCode' | 'outOfOrder' | null;

type ResourceDetailContentProps = { resource: Resource; commands: UsageCommands; onDeleted: () => void };

function ResourceDetailContent({ resource, commands, onDeleted }: ResourceDetailContentProps) {
  const { t } = useTranslation();
  const viewer = useSignedInUser();
  const isManager = viewer.systemPermissions.canManageResources;
  const isIntroducer = useViewerIntroducerStatus(resource.id, viewer.id).data?.isIntroducer ?? false;
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const dialogProps = (dialog: Exclude<OpenDialog, null>) => ({
    isOpen: openDialog === dialog,
    onOpenChange: (isOpen: boolean) => setOpenDialog(isOpen ? dialog : null),
  });
  const scope: IntroductionScope = { kind: 'resource', id: resource.id };

  return (
    <div className="flex flex-col gap-6">
      <ResourceHeader
        resource={resource}
        actions={
          <>
            <Button variant="secondary" onPress={() => setOpenDialog('documentation')}>
              {t('resourceDetail.actions.documentation')}
            </Button>
            {isManager && (
              <ResourceManagerActions
                resource={resource}
                onEdit={() => setOpenDialog('edit')}
                onShowQrCode={() => setOpenDialog('qrCode')}
                onMarkOutOfOrder={() => setOpenDialog('outOfOrder')}
                onDeleted={onDeleted}
              />
            )}
          </>
        }
      />
      {resource.outOfOrder && (
        <Alert status="danger">
          <Alert.Content>
            <Alert.Title>
              <OutOfOrderChip outOfOrder={resource.outOfOrder} />
            </Alert.Title>
            <Alert.Description>
              {t('safetyRules.outOfOrder.since', { date: formatDateTime(resource.outOfOrder.since) })}
            </Alert.Description>
          </Alert.Content>
        </Alert>
      )}
      <IntroductionExpiryNote resourceId={resource.id} />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <UsageSessionCard resource={resource} commands={commands} />
        {resource.bookingMode === 'wait-list' ? (
          <WaitListCard resource={resource} />
        ) : (
          <UsageHistoryCard resourceId={resource.id} />
        )}
      </div>
      {resource.bookingMode === 'bookable' && (
        <BookingCalendarCard resource={resource} isManager={isManager} />
      )}
      {resource.bookingMode === 'wait-list' && <UsageHistoryCard resourceId={resource.id} />}
      {(isManager || isIntroducer) && <IntroductionsCard scope={scope} />}
      {isManager && (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <IntroducersCard scope={scope} />
          <GroupsManagerCard resource={resource} />
          <StatusHistoryCard resourceId={resource.id} />
        </div>
      )}
      <DocumentationModal resourceId={resource.id} {...dialogProps('documentation')} />
      {isManager && (
        <>
          <ResourceFormModal resource={resource} {...dialogProps('edit')} />
          <QrCodeDialog resourceId={resource.id} {...dialogProps('qrCode')} />
          <OutOfOrderDialog
            resourceId={resource.id}
            isOpen={openDialog === 'outOfOrder'}
            onClose={() => setOpenDialog(null)}
          />
        </>
      )}
    </div>
  );
}
