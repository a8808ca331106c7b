import { Button, Form, Label, Modal, TextArea, TextField } from '@heroui/react';
import { COMMENT_MAX_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import type { IntroductionDecision } from '../hooks/use-introduction-decision.ts';

type IntroductionCommentDialogProps = {
  /** The pending decision; the dialog is open while there is one. */
  request: IntroductionDecision | null;
  isPending: boolean;
  onSubmit: (comment: string) => void;
  onClose: () => void;
};

/** Asks for the optional comment recorded with a grant or a revoke (spec 02 §2). */
export function IntroductionCommentDialog({
  request,
  isPending,
  onSubmit,
  onClose,
}: IntroductionCommentDialogProps) {
  return (
    <Modal.Backdrop isOpen={request !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Modal.Container>
        <Modal.Dialog>
          {/* Mounted per opening, so each decision starts with an empty comment. */}
          {request && <CommentForm request={request} isPending={isPending} onSubmit={onSubmit} />}
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

type CommentFormProps = Pick<IntroductionCommentDialogProps, 'isPending' | 'onSubmit'> & {
  request: NonNullable<IntroductionCommentDialogProps['request']>;
};

function CommentForm({ request, isPending, onSubmit }: CommentFormProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const isGrant = request.kind === 'grant';
  return (
    <Form
      className="flex flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(comment);
      }}
    >
      <Modal.CloseTrigger aria-label={t('introductions.commentDialog.cancel')} />
      <Modal.Header>
        <Modal.Heading>
          {isGrant
            ? t('introductions.commentDialog.grantTitle', { username: request.user.username })
            : t('introductions.commentDialog.revokeTitle', { username: request.user.username })}
        </Modal.Heading>
      </Modal.Header>
      <Modal.Body>
        <TextField variant="secondary" name="comment" value={comment} onChange={setComment} autoFocus>
          <Label>{t('introductions.commentDialog.comment')}</Label>
          <TextArea rows={3} placeholder={t('introductions.commentDialog.commentPlaceholder')} />
          <LengthHint value={comment} max={COMMENT_MAX_LENGTH} />
        </TextField>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" slot="close">
          {t('introductions.commentDialog.cancel')}
        </Button>
        <SubmitButton variant={isGrant ? 'primary' : 'danger'} isPending={isPending}>
          {isGrant ? t('introductions.commentDialog.grant') : t('introductions.commentDialog.revoke')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
