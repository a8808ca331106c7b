import { useSearchParams } from 'react-router';
import { VerifyEmailCard } from '../features/account/components/verify-email-card.tsx';

/** `/verify-email?token&email` from the activation mail. */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  return <VerifyEmailCard token={params.get('token')} email={params.get('email')} />;
}
