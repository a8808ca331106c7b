import type { UserRef } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGrantIntroduction, useRevokeIntroduction } from '../api/use-introduction-mutations.ts';
import type { IntroductionScope } from '../introduction-scope.ts';

export type IntroductionDecision = { user: UserRef; kind: 'grant' | 'revoke' };

/**
 * A grant or revoke waiting for its comment, and sending it: a toast tells how it went and
 * `onDecided` hears of each success.
 */
export function useIntroductionDecision(
  scope: IntroductionScope,
  onDecided: (decision: IntroductionDecision) => void,
) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<IntroductionDecision | null>(null);
  const grant = useGrantIntroduction(scope);
  const revoke = useRevokeIntroduction(scope);

  const submit = (comment: string) => {
    if (!pending) return;
    const { user, kind } = pending;
    (kind === 'grant' ? grant : revoke).mutate(
      { user, comment },
      {
        onSuccess: () => {
          if (kind === 'grant') {
            notifySuccess(
              t('introductions.grantedTitle'),
              t('introductions.grantedMessage', { username: user.username }),
            );
          } else {
            notifySuccess(
              t('introductions.revokedTitle'),
              t('introductions.revokedMessage', { username: user.username }),
            );
          }
          setPending(null);
          onDecided(pending);
        },
        onError: (error) =>
          notifyError(
            kind === 'grant' ? t('introductions.grantFailedTitle') : t('introductions.revokeFailedTitle'),
            error.message,
          ),
      },
    );
  };

  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    submit,
    isSubmitting: grant.isPending || revoke.isPending,
  };
}
