import { useParams } from 'react-router';
import { ResourceDocumentationView } from '../features/documentation/components/resource-documentation-view.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';
import NotFoundPage from './not-found-page.tsx';

/** /resources/:id/documentation (spec 02 §2). */
export default function ResourceDocumentationPage() {
  useResourceLiveUpdates();
  const resourceId = Number(useParams().id);
  if (!Number.isInteger(resourceId) || resourceId <= 0) return <NotFoundPage />;
  return <ResourceDocumentationView key={resourceId} resourceId={resourceId} />;
}
