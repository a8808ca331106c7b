import { Form, Modal } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ssoLoginUrl } from '../api/sso-login-url.ts';
import { useLinkSsoAccount } from '../api/use-link-sso-account.ts';
import { ssoLinkErrorText } from '../hooks/sso-link-error.ts';
import { type AccountLinking, canSubmitAccountLinking } from '../hooks/sso-return.ts';

type SsoAccountLinkingModalProps = { linking: AccountLinking; onLinked: () => void };

/**
 * Single sign-on found an existing account with the same email: its password links the two
 * (spec 01 §2). It cannot be dismissed; leaving the page is the way out.
 */
export default function SsoAccountLinkingModal({ linking, onLinked }: SsoAccountLinkingModalProps) {
  const { t } = useTranslation();
  const link = useLinkSsoAccount();
  const [password, setPassword] = useState('');
  const isComplete = canSubmitAccountLinking(linking);

  return (
    <Modal.Backdrop isOpen isDismissable={false} isKeyboardDismissDisabled>
      <Modal.Container>
        <Modal.Dialog>
          <Form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!canSubmitAccountLinking(linking)) return;
              link.mutate(
                { email: linking.email, externalId: linking.externalId, password },
                {
                  // The provider signs in again and returns here, without the linking parameters.
                  // Kept here rather than in the screen: the first download is at its budget.
                  onSuccess: () => {
                    if (linking.provider) {
                      window.location.assign(ssoLoginUrl(linking.provider, window.location.href));
                      return;
                    }
                    onLinked();
                    notifySuccess(t('auth.ssoLinking.linkedTitle'), t('auth.ssoLinking.linkedMessage'));
                  },
                  onError: (error) =>
                    notifyError(t('auth.ssoLinking.failedTitle'), ssoLinkErrorText(t, error)),
                },
              );
            }}
          >
            <Modal.Header>
              <Modal.Heading>{t('auth.ssoLinking.title')}</Modal.Heading>
            </Modal.Header>
            <Modal.Body className="flex flex-col gap-4">
              {isComplete ? (
                <p>{t('auth.ssoLinking.message', { email: linking.email })}</p>
              ) : (
                <FormErrorAlert
                  title={t('auth.ssoLinking.incompleteTitle')}
                  message={t('auth.ssoLinking.incompleteMessage')}
                />
              )}
              <PasswordField
                name="password"
                label={t('auth.ssoLinking.password')}
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
            </Modal.Body>
            <Modal.Footer>
              <SubmitButton fullWidth isDisabled={!isComplete} isPending={link.isPending}>
                {t('auth.ssoLinking.submit')}
              </SubmitButton>
            </Modal.Footer>
          </Form>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
