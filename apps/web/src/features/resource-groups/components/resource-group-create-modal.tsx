import { Button, Form, Modal } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateResourceGroup } from '../api/use-create-resource-group.ts';
import { useResourceGroupForm } from '../hooks/use-resource-group-form.ts';
import { ResourceGroupFormFields } from './resource-group-form-fields.tsx';

type ResourceGroupCreateModalProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/** "Add Group": name and description; the new group's page opens afterwards (spec 01 §2). */
export function ResourceGroupCreateModal({ isOpen, onOpenChange }: ResourceGroupCreateModalProps) {
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container>
        <Modal.Dialog>
          {/* Mounted per opening, so each opening starts with an empty form. */}
          <CreateResourceGroupForm onDone={() => onOpenChange(false)} />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function CreateResourceGroupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateResourceGroup();
  const form = useResourceGroupForm({ name: '', description: null }, create.error);

  return (
    <Form
      className="flex flex-col gap-4"
      validationErrors={form.fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(form.fields, {
          onSuccess: (group) => {
            notifySuccess(t('resourceGroups.create.successTitle'), group.name);
            onDone();
            void navigate(`/resource-groups/${group.id}`);
          },
          onError: (error) =>
            notifyError(
              t('resourceGroups.create.failedTitle'),
              error instanceof ApiError && Object.keys(error.fieldErrors).length > 0
                ? t('resourceGroups.create.checkForm')
                : t('resourceGroups.create.failedMessage'),
            ),
        });
      }}
    >
      <Modal.CloseTrigger aria-label={t('common.close')} />
      <Modal.Header>
        <Modal.Heading>{t('resourceGroups.create.title')}</Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-4">
        <ResourceGroupFormFields form={form} />
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="secondary">
          {t('resourceGroups.cancel')}
        </Button>
        <SubmitButton isDisabled={!form.fields.name} isPending={create.isPending}>
          {t('resourceGroups.create.submit')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
