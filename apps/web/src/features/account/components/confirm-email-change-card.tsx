import { useTranslation } from 'react-i18next';
import { useConfirmEmailChange } from '../api/use-confirm-email-change.ts';
import { confirmEmailChangeErrorMessage } from '../hooks/account-error-messages.ts';
import { useRunOnce } from '../hooks/use-run-once.ts';
import { type MailLinkOutcome, MailLinkOutcomeCard } from './mail-link-outcome-card.tsx';

type ConfirmEmailChangeCardProps = { token: string | null; newEmail: string | null };

/** Completes an email change from the mailed link; submits once, only with both parameters (spec 01 §2, §5). */
export function ConfirmEmailChangeCard({ token, newEmail }: ConfirmEmailChangeCardProps) {
  const { t } = useTranslation();
  const confirm = useConfirmEmailChange();
  const hasLink = Boolean(token && newEmail);
  const submit = () => {
    if (token && newEmail) confirm.mutate({ token, newEmail });
  };
  useRunOnce(submit, hasLink);
  // The failure offers "Try Again" and "Back to Login" (spec 01 §2). A link without both of its
  // parameters gives nothing to send again: trying again opens the page anew from its address.
  const reopen = () => window.location.reload();

  const outcome: MailLinkOutcome = confirm.isSuccess
    ? {
        state: 'done',
        title: t('account.confirmEmailChange.successTitle'),
        message: t('account.confirmEmailChange.successMessage', { email: newEmail }),
      }
    : hasLink && !confirm.isError
      ? { state: 'pending', label: t('account.confirmEmailChange.pending') }
      : {
          state: 'failed',
          title: t('account.confirmEmailChange.failedTitle'),
          message: hasLink
            ? confirmEmailChangeErrorMessage(t, confirm.error)
            : t('account.confirmEmailChange.invalidLink'),
          onRetry: hasLink ? submit : reopen,
        };
  return <MailLinkOutcomeCard outcome={outcome} />;
}
