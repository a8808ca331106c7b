import { Button, Form, Modal } from '@heroui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button.tsx';

type ModalFormFooterProps = {
  cancelLabel: string;
  submitLabel: string;
  isPending: boolean;
  isSubmitDisabled?: boolean | undefined;
  /** Set apart at the start of the footer, such as a test of what is saved. */
  start?: ReactNode;
};

/** Cancel, which closes the dialog, and the form's submit button. */
export function ModalFormFooter({
  cancelLabel,
  submitLabel,
  isPending,
  isSubmitDisabled,
  start,
}: ModalFormFooterProps) {
  return (
    <Modal.Footer className={start === undefined ? undefined : 'flex flex-wrap items-center gap-3'}>
      {start !== undefined && <div className="me-auto">{start}</div>}
      <Button slot="close" variant="tertiary">
        {cancelLabel}
      </Button>
      <SubmitButton isPending={isPending} isDisabled={isSubmitDisabled}>
        {submitLabel}
      </SubmitButton>
    </Modal.Footer>
  );
}

type ModalFormProps = ModalFormFooterProps & {
  title: string;
  /** Long names the title carries wrap anywhere instead of widening the dialog. */
  wrapTitle?: boolean;
  /** Names the close button; "Close" unless given. */
  closeLabel?: string;
  onSubmit: () => void;
  /**
   * React bubbles a submit through its own tree, portals included: a dialog opened from within
   * another form stops its submit, so that form is not submitted with it.
   */
  isNested?: boolean;
  bodyClassName?: string;
  /** The fields. */
  children: ReactNode;
};

/**
 * The form of a dialog: its title with a close button, the fields, then cancel and submit. The
 * checks are the app's own, in the app's language; the browser's would not be.
 */
export function ModalForm({
  title,
  wrapTitle = false,
  closeLabel,
  onSubmit,
  isNested = false,
  bodyClassName,
  children,
  ...footer
}: ModalFormProps) {
  const { t } = useTranslation();
  return (
    <Form
      validationBehavior="aria"
      className="flex flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (isNested) event.stopPropagation();
        onSubmit();
      }}
    >
      <Modal.CloseTrigger aria-label={closeLabel ?? t('common.close')} />
      <Modal.Header>
        <Modal.Heading className={wrapTitle ? 'wrap-anywhere' : undefined}>{title}</Modal.Heading>
      </Modal.Header>
      <Modal.Body className={bodyClassName}>{children}</Modal.Body>
      <ModalFormFooter {...footer} />
    </Form>
  );
}
