import { useSearchParams } from 'react-router';
import { ConfirmEmailChangeCard } from '../features/account/components/confirm-email-change-card.tsx';

/** `/confirm-email-change?token&newEmail` from the confirmation mail. */
export default function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  return <ConfirmEmailChangeCard token={params.get('token')} newEmail={params.get('newEmail')} />;
}
