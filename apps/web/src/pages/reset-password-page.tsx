import { useSearchParams } from 'react-router';
import { ResetPasswordCard } from '../features/account/components/reset-password-card.tsx';

/** `/reset-password?token&userId` from the reset mail; the parameters are passed on unchecked (spec 01 §5). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <ResetPasswordCard
      token={params.get('token') ?? ''}
      userId={Number.parseInt(params.get('userId') ?? '', 10)}
    />
  );
}
