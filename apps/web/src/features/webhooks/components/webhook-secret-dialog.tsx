import { Alert, Button, Input, Label, Modal, TextField } from '@heroui/react';
import type { WebhookWithSecret } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';

type WebhookSecretDialogProps = {
  /** The answer of create or regenerate-secret; the dialog is open while there is one. */
  webhook: WebhookWithSecret | null;
  /** Forget the secret: no other answer of the API carries it, so it cannot be shown again. */
  onClose: () => void;
};

/** Shows a new signing secret once, to be copied to the receiver (issue 15 item 3). */
export function WebhookSecretDialog({ webhook, onClose }: WebhookSecretDialogProps) {
  const { t } = useTranslation();
  return (
    // Not closed by a click beside it: the secret would be gone for good.
    <Modal.Backdrop
      isOpen={webhook !== null}
      isDismissable={false}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      <Modal.Container scroll="outside">
        <Modal.Dialog>
          <Modal.CloseTrigger aria-label={t('webhooks.secret.close')} />
          <Modal.Header>
            <Modal.Heading className="wrap-anywhere">
              {t('webhooks.secret.title', { name: webhook?.name ?? '' })}
            </Modal.Heading>
          </Modal.Header>
          {webhook && <SecretContent secret={webhook.secret} />}
          <Modal.Footer>
            <Button slot="close">{t('webhooks.secret.done')}</Button>
          </Modal.Footer>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function SecretContent({ secret }: { secret: string }) {
  const { t } = useTranslation();
  // The clipboard is missing outside secure contexts; the secret stays selectable in the field.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(secret))
      .then(
        () => notifySuccess(t('webhooks.secret.copied')),
        () => notifyError(t('webhooks.secret.copyFailed')),
      );
  return (
    <Modal.Body className="flex flex-col gap-4">
      <Alert status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('webhooks.secret.onceTitle')}</Alert.Title>
          <Alert.Description>{t('webhooks.secret.onceMessage')}</Alert.Description>
        </Alert.Content>
      </Alert>
      <div className="flex flex-wrap items-end gap-2">
        <TextField className="min-w-0 flex-1" value={secret} isReadOnly>
          <Label>{t('webhooks.secret.label')}</Label>
          <Input className="font-mono text-sm" />
        </TextField>
        <Button variant="secondary" onPress={copy}>
          {t('webhooks.secret.copy')}
        </Button>
      </div>
    </Modal.Body>
  );
}
