import { Checkbox, Label, TextArea, TextField } from '@heroui/react';
import { DESCRIPTION_MAX_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useOutOfOrder } from '../../resources/api/use-out-of-order.ts';

type OutOfOrderDialogProps = { resourceId: number; isOpen: boolean; onClose: () => void };

/** Marks the resource out of order with a reason, optionally ending the running session. */
export function OutOfOrderDialog({ resourceId, isOpen, onClose }: OutOfOrderDialogProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      <OutOfOrderForm resourceId={resourceId} onDone={onClose} />
    </ModalShell>
  );
}

function OutOfOrderForm({ resourceId, onDone }: { resourceId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const { mark } = useOutOfOrder(resourceId);
  const [reason, setReason] = useState('');
  const [endRunningSession, setEndRunningSession] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const missing = submitted && reason.trim() === '';
  return (
    <ModalForm
      title={t('safetyRules.outOfOrder.dialogTitle')}
      bodyClassName="flex flex-col gap-4"
      cancelLabel={t('safetyRules.outOfOrder.cancel')}
      submitLabel={t('safetyRules.outOfOrder.confirm')}
      isPending={mark.isPending}
      onSubmit={() => {
        setSubmitted(true);
        if (reason.trim() === '') return;
        mark.mutate(
          { reason: reason.trim(), endRunningSession },
          {
            onSuccess: () => {
              notifySuccess(t('safetyRules.outOfOrder.marked'));
              onDone();
            },
            onError: (error) => notifyError(t('safetyRules.outOfOrder.failed'), error.message),
          },
        );
      }}
    >
      <TextField
        isRequired
        name="reason"
        value={reason}
        onChange={setReason}
        isInvalid={missing}
        maxLength={DESCRIPTION_MAX_LENGTH}
        autoFocus
      >
        <Label>{t('safetyRules.outOfOrder.reason')}</Label>
        <TextArea rows={3} />
        {missing && <p className="text-sm text-danger">{t('validation.required')}</p>}
      </TextField>
      <Checkbox isSelected={endRunningSession} onChange={setEndRunningSession}>
        <Checkbox.Content>
          <Checkbox.Control>
            <Checkbox.Indicator />
          </Checkbox.Control>
          <Label>{t('safetyRules.outOfOrder.endRunningSession')}</Label>
        </Checkbox.Content>
      </Checkbox>
    </ModalForm>
  );
}
