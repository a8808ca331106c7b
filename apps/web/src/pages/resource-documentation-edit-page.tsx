import { useParams } from 'react-router';
import { DocumentationEditor } from '../features/documentation/components/documentation-editor.tsx';
import NotFoundPage from './not-found-page.tsx';

/** /resources/:id/documentation/edit, for resource managers (spec 02 §2). */
export default function ResourceDocumentationEditPage() {
  const resourceId = Number(useParams().id);
  if (!Number.isInteger(resourceId) || resourceId <= 0) return <NotFoundPage />;
  // Keyed by id, so moving to another resource's editor starts from that resource's saved text.
  return <DocumentationEditor key={resourceId} resourceId={resourceId} />;
}
