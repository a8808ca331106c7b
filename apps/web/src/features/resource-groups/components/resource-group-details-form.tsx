import { Form } from '@heroui/react';
import type { ResourceGroup } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdateResourceGroup } from '../api/use-update-resource-group.ts';
import { useResourceGroupForm } from '../hooks/use-resource-group-form.ts';
import { ResourceGroupFormFields } from './resource-group-form-fields.tsx';

/** Edits a group's name and description; saving needs a name and a change (spec 01 §2). */
export function ResourceGroupDetailsForm({ group }: { group: ResourceGroup }) {
  const { t } = useTranslation();
  const update = useUpdateResourceGroup(group.id);
  const form = useResourceGroupForm(group, update.error);
  const isChanged =
    form.fields.name !== group.name || (form.fields.description ?? null) !== group.description;

  return (
    <Form
      className="flex flex-col gap-4"
      validationErrors={form.fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(form.fields, {
          onSuccess: () =>
            notifySuccess(t('resourceGroups.details.savedTitle'), t('resourceGroups.details.savedMessage')),
          onError: (error) => notifyError(t('resourceGroups.details.updateFailedTitle'), error.message),
        });
      }}
    >
      <ResourceGroupFormFields form={form} />
      <SubmitButton
        className="w-fit"
        isDisabled={!form.fields.name || !isChanged}
        isPending={update.isPending}
      >
        {t('common.save')}
      </SubmitButton>
    </Form>
  );
}
