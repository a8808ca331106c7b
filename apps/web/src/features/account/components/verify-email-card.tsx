import { useTranslation } from 'react-i18next';
import { useVerifyEmail } from '../api/use-verify-email.ts';
import { verifyEmailErrorMessage } from '../hooks/account-error-messages.ts';
import { useRunOnce } from '../hooks/use-run-once.ts';
import { type MailLinkOutcome, MailLinkOutcomeCard } from './mail-link-outcome-card.tsx';

type VerifyEmailCardProps = { token: string | null; email: string | null };

/** Confirms the address as soon as the page opens (spec 01 §2 Verify email page). */
export function VerifyEmailCard({ token, email }: VerifyEmailCardProps) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const hasLink = Boolean(token && email);
  const submit = () => {
    if (token && email) verify.mutate({ token, email });
  };
  useRunOnce(submit, hasLink);
  // The failure offers "Try Again" and "Back to Login" (spec 01 §2). A link without both of its
  // parameters gives nothing to send again: trying again opens the page anew from its address.
  const reopen = () => window.location.reload();

  const outcome: MailLinkOutcome = verify.isSuccess
    ? {
        state: 'done',
        title: t('account.verifyEmail.successTitle'),
        message: t('account.verifyEmail.successMessage'),
      }
    : hasLink && !verify.isError
      ? { state: 'pending', label: t('account.verifyEmail.pending') }
      : {
          state: 'failed',
          title: t('account.verifyEmail.failedTitle'),
          message: hasLink ? verifyEmailErrorMessage(t, verify.error) : t('account.verifyEmail.invalidLink'),
          onRetry: hasLink ? submit : reopen,
        };
  return <MailLinkOutcomeCard outcome={outcome} />;
}
