import { Checkbox, Label, Skeleton } from '@heroui/react';
import type { Reader } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import { useUpdateReader } from '../api/use-reader-mutations.ts';
import { useResourceChoices } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';
import { ReaderNameField } from './reader-name-field.tsx';

type ReaderEditModalProps = { reader: Reader | undefined; isOpen: boolean; onClose: () => void };

/** A reader's name and the resources it serves; a tap uses them at once (spec 02 §3). */
export function ReaderEditModal({ reader, isOpen, onClose }: ReaderEditModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      {reader && <EditForm reader={reader} onDone={onClose} />}
    </ModalShell>
  );
}

function EditForm({ reader, onDone }: { reader: Reader; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(reader.name);
  const [resourceIds, setResourceIds] = useState(reader.hasAccessToResourceIds);
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateReader(reader.id);
  const resources = useResourceChoices();
  // The server's message under the name goes once the name is edited.
  const serverErrors = useServerFieldErrors(update.error);
  const nameError = submitted && name.trim() === '' ? t('readers.required') : serverErrors.errors.name?.[0];

  return (
    <ModalForm
      title={t('readers.editForm.title')}
      bodyClassName="flex flex-col gap-4"
      cancelLabel={t('readers.cancel')}
      submitLabel={t('readers.save')}
      isPending={update.isPending}
      isSubmitDisabled={!resources.isSuccess}
      onSubmit={() => {
        setSubmitted(true);
        if (name.trim() === '') return;
        update.mutate(
          { name: name.trim(), connectedResources: resourceIds },
          {
            onSuccess: () => {
              notifySuccess(t('readers.updated'));
              onDone();
            },
            // Spec 02 §8: 'Error updating reader'.
            onError: (error) => notifyError(t('readers.updateFailed'), readerErrorDetail(t, error)),
          },
        );
      }}
    >
      <ReaderNameField value={name} onChange={serverErrors.clearing('name', setName)} error={nameError} />
      {resources.isPending && <Skeleton className="h-24 w-full rounded-xl" />}
      {resources.isError && (
        <LoadError
          title={t('readers.editForm.resourcesLoadFailed')}
          message={readerErrorDetail(t, resources.error)}
          onRetry={() => void resources.refetch()}
        />
      )}
      {resources.isSuccess && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t('readers.editForm.resources')}</legend>
          <p className="text-sm text-muted">
            {resources.data.length === 0
              ? t('readers.editForm.noResourcesYet')
              : t('readers.editForm.resourcesHint')}
          </p>
          {resources.data.map((resource) => (
            <Checkbox
              key={resource.id}
              name="connectedResources"
              isSelected={resourceIds.includes(resource.id)}
              onChange={(isSelected) =>
                setResourceIds((current) =>
                  isSelected ? [...current, resource.id] : current.filter((id) => id !== resource.id),
                )
              }
            >
              <Checkbox.Content>
                <Checkbox.Control>
                  <Checkbox.Indicator />
                </Checkbox.Control>
                <Label className="[overflow-wrap:anywhere]">{resource.name}</Label>
              </Checkbox.Content>
            </Checkbox>
          ))}
        </fieldset>
      )}
    </ModalForm>
  );
}
