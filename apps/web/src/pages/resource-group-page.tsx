import { Skeleton } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '../components/load-error.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { IntroducersCard } from '../features/introductions/components/introducers-card.tsx';
import { IntroductionsCard } from '../features/introductions/components/introductions-card.tsx';
import type { IntroductionScope } from '../features/introductions/introduction-scope.ts';
import { useGroupRole } from '../features/resource-groups/api/use-group-role.ts';
import { useResourceGroup } from '../features/resource-groups/api/use-resource-group.ts';
import { DeleteResourceGroupButton } from '../features/resource-groups/components/delete-resource-group-button.tsx';
import { GroupResourcesCard } from '../features/resource-groups/components/group-resources-card.tsx';
import { ResourceGroupDetailsCard } from '../features/resource-groups/components/resource-group-details-card.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';
import NotFoundPage from './not-found-page.tsx';

export default function ResourceGroupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groupId = Number(useParams().groupId);
  // Deleted here: nothing of the group is rendered while the app returns to / (spec 01 §2), so
  // none of its cards asks for its data again once the deletion dropped it.
  // Where the deletion happened: the router may keep this page on screen while it loads the
  // next one, and a return through the browser's history is a new location, which shows the
  // page again ("not found" then).
  const location = useLocation();
  const [deletedAt, setDeletedAt] = useState<{ id: number; location: Location }>();
  if (!Number.isInteger(groupId) || groupId <= 0) return <NotFoundPage />;
  if (deletedAt?.id === groupId && deletedAt.location === location) {
    return <LoadingView label={t('common.loading')} />;
  }
  const leave = () => {
    setDeletedAt({ id: groupId, location });
    void navigate('/');
  };
  // Keyed by id, so moving between groups starts each page with fresh form state.
  return <ResourceGroupScreen key={groupId} groupId={groupId} onDeleted={leave} />;
}

/**
 * A group's page (spec 01 §2, spec 02 §2): everyone signed in sees its details and resources;
 * managers edit and delete it, add and remove its resources and manage its introducers; managers and the group's introducers manage its
 * introductions.
 */
function ResourceGroupScreen({ groupId, onDeleted }: { groupId: number; onDeleted: () => void }) {
  const { t } = useTranslation();
  useResourceLiveUpdates();
  const group = useResourceGroup(groupId);
  const { isManager, isIntroducer } = useGroupRole(groupId);
  const back = { to: '/', label: t('resourceGroups.page.back') };

  if (group.isPending) {
    return (
      <>
        <PageHeader title={<Skeleton className="h-8 w-64 rounded-lg" />} back={back} />
        <Skeleton className="h-64 w-full rounded-2xl" />
      </>
    );
  }
  if (group.isError) {
    return (
      <>
        <PageHeader title={t('resourceGroups.page.unavailable')} back={back} />
        <LoadError title={t('resourceGroups.page.loadFailed')} message={t('resourceGroups.page.refresh')} />
      </>
    );
  }

  const scope: IntroductionScope = { kind: 'group', id: groupId };
  return (
    <>
      <PageHeader
        title={group.data.name}
        back={back}
        actions={isManager && <DeleteResourceGroupButton group={group.data} onDeleted={onDeleted} />}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ResourceGroupDetailsCard group={group.data} canEdit={isManager} />
        <GroupResourcesCard group={group.data} canEdit={isManager} />
        {isManager && <IntroducersCard scope={scope} />}
        {(isManager || isIntroducer) && (
          <div className="lg:col-span-2">
            <IntroductionsCard scope={scope} />
          </div>
        )}
      </div>
    </>
  );
}
