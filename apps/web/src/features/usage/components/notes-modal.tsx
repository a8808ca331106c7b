import { Button, Description, Form, Label, Modal, TextArea, TextField } from '@heroui/react';
import { NOTES_MAX_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

type NotesModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  submitLabel: string;
  onSubmit: (notes: string) => void;
};

/** Optional notes for starting, ending or taking over a session (spec 01 §2). */
export function NotesModal({ isOpen, onOpenChange, title, submitLabel, onSubmit }: NotesModalProps) {
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container>
        <Modal.Dialog>
          {/* Mounted per opening, so each action starts with empty notes. */}
          <NotesForm
            title={title}
            submitLabel={submitLabel}
            onSubmit={(notes) => {
              onOpenChange(false);
              onSubmit(notes);
            }}
          />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

type NotesFormProps = { title: string; submitLabel: string; onSubmit: (notes: string) => void };

function NotesForm({ title, submitLabel, onSubmit }: NotesFormProps) {
  const { t } = useTranslation();
  const [notes, setNotes] = useState('');
  return (
    <Form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(notes);
      }}
    >
      <Modal.CloseTrigger aria-label={t('usage.notes.cancel')} />
      <Modal.Header>
        <Modal.Heading>{title}</Modal.Heading>
      </Modal.Header>
      <Modal.Body>
        <TextField name="notes" value={notes} onChange={setNotes} autoFocus>
          <Label>{t('usage.notes.label')}</Label>
          <TextArea rows={4} />
          <Description>{t('usage.notes.optional')}</Description>
          <LengthHint value={notes} max={NOTES_MAX_LENGTH} />
        </TextField>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" slot="close">
          {t('usage.notes.cancel')}
        </Button>
        <SubmitButton>{submitLabel}</SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
