import { Button, Description, Form, Label, Modal, TextArea, TextField } from '@heroui/react';
import { NOTES_MAX_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

type EndSessionForUserModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  username: string;
  onSubmit: (reason: string) => void;
};

/**
 * A manager ends someone else's session (issue 28: a forgotten session blocked the machine). The
 * reason is required, since it is all the session's user learns: it becomes the end notes, and
 * the history names the manager who ended it.
 */
export function EndSessionForUserModal({
  isOpen,
  onOpenChange,
  username,
  onSubmit,
}: EndSessionForUserModalProps) {
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container>
        <Modal.Dialog>
          {/* Mounted per opening, so each time starts with an empty reason. */}
          <ReasonForm
            username={username}
            onSubmit={(reason) => {
              onOpenChange(false);
              onSubmit(reason);
            }}
          />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function ReasonForm({ username, onSubmit }: { username: string; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const isBlank = reason.trim() === '';
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        if (!isBlank) onSubmit(reason);
      }}
    >
      <Modal.CloseTrigger aria-label={t('usage.notes.cancel')} />
      <Modal.Header>
        <Modal.Heading>{t('usage.other.endTitle', { username })}</Modal.Heading>
      </Modal.Header>
      <Modal.Body>
        <TextField name="reason" value={reason} onChange={setReason} isRequired autoFocus>
          <Label>{t('usage.other.reasonLabel')}</Label>
          <TextArea rows={3} />
          <Description>{t('usage.other.reasonDescription')}</Description>
          <LengthHint value={reason} max={NOTES_MAX_LENGTH} />
        </TextField>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" slot="close">
          {t('usage.notes.cancel')}
        </Button>
        <SubmitButton variant="danger" isDisabled={isBlank || reason.length > NOTES_MAX_LENGTH}>
          {t('usage.other.end')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
