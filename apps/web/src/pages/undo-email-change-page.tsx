import { useSearchParams } from 'react-router';
import { UndoEmailChangeCard } from '../features/account/components/undo-email-change-card.tsx';

/** `/undo-email-change?token&email` from the notice sent to the old address. */
export default function UndoEmailChangePage() {
  const [params] = useSearchParams();
  return <UndoEmailChangeCard token={params.get('token')} email={params.get('email')} />;
}
