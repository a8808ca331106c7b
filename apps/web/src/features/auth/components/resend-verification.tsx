import { Button } from '@heroui/react';
import type { LocalSignInBody } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useMailDelivery } from '../api/use-mail-delivery.ts';
import { useResendVerification } from '../api/use-resend-verification.ts';
import { signInErrorMessage } from '../hooks/auth-error-messages.ts';

/**
 * Under a sign-in refused for an unconfirmed address: a fresh link on request (signing in sends
 * none), then where it went: the inbox, or, without a mail server, the server's output.
 */
export default function ResendVerification({ credentials }: { credentials: LocalSignInBody }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const mailDelivery = useMailDelivery();
  return (
    <div className="flex flex-col items-start gap-2">
      {resend.data === 'sent' ? (
        <p role="status" className="text-sm">
          {mailDelivery === 'server-output'
            ? t('auth.login.verificationResentWithoutMail')
            : t('auth.login.verificationResent')}
        </p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          isPending={resend.isPending}
          onPress={() => resend.mutate(credentials)}
        >
          {t('auth.login.resendVerification')}
        </Button>
      )}
      {resend.isError && <p className="text-sm text-danger">{signInErrorMessage(t, resend.error)}</p>}
    </div>
  );
}
