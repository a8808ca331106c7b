import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import { usePairReader } from '../api/use-reader-mutations.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';
import { type PairDraft, pairProblems, toPairBody } from '../reader-drafts.ts';
import { ReaderNameField } from './reader-name-field.tsx';

type PairReaderModalProps = { isOpen: boolean; onClose: () => void };

/** Admits the reader that shows a six-digit code (the readers design: a reader joins). */
export function PairReaderModal({ isOpen, onClose }: PairReaderModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      <PairForm onDone={onClose} />
    </ModalShell>
  );
}

function PairForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PairDraft>({ name: '', code: '' });
  const [submitted, setSubmitted] = useState(false);
  const pair = usePairReader();
  const problems = submitted ? pairProblems(draft) : {};
  // The server's message under a field goes once that field is edited.
  const serverErrors = useServerFieldErrors(pair.error);
  const codeError =
    problems.code === 'required'
      ? t('readers.required')
      : problems.code === 'invalid'
        ? t('readers.pairForm.codeInvalid')
        : serverErrors.errors.code?.[0];
  const nameError = problems.name ? t('readers.required') : serverErrors.errors.name?.[0];

  return (
    <ModalForm
      title={t('readers.pairForm.title')}
      bodyClassName="flex flex-col gap-4"
      cancelLabel={t('readers.cancel')}
      submitLabel={t('readers.pairForm.submit')}
      isPending={pair.isPending}
      onSubmit={() => {
        setSubmitted(true);
        if (Object.keys(pairProblems(draft)).length > 0) return;
        const body = toPairBody(draft);
        pair.mutate(body, {
          onSuccess: (reader) => {
            notifySuccess(t('readers.pairForm.paired', { name: reader.name }));
            onDone();
          },
        });
      }}
    >
      <p className="text-muted">{t('readers.pairForm.intro')}</p>
      {pair.isError && (
        <FormErrorAlert title={t('readers.pairForm.failed')} message={readerErrorDetail(t, pair.error)} />
      )}
      <ReaderNameField
        value={draft.name}
        onChange={serverErrors.clearing('name', (name: string) => setDraft({ ...draft, name }))}
        error={nameError}
      />
      <FormTextField
        name="code"
        label={t('readers.pairForm.code')}
        isRequired
        value={draft.code}
        onChange={serverErrors.clearing('code', (code: string) => setDraft({ ...draft, code }))}
        error={codeError}
        description={t('readers.pairForm.codeHint')}
        inputProps={{
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: 6,
          className: 'font-mono tracking-widest',
        }}
      />
    </ModalForm>
  );
}
