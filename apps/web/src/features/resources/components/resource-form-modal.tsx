import { Button, Form, Input, Label, Modal, TextArea, TextField } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LengthHint } from '../../../components/length-hint.tsx';
import { ruleText } from '../../../components/rule-number-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { SwitchField } from '../../../components/switch-field.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { changedFields, useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import {
  BookingSettingsFields,
  bookingSettingsText,
} from '../../bookings/components/booking-settings-fields.tsx';
import { resourceImageUrl } from '../api/resources-queries.ts';
import { useSaveResource } from '../api/use-save-resource.ts';
import { type ImageChoice, ImageUploadField } from './image-upload-field.tsx';
import { ResourceRuleFields, type ResourceRulesText } from './resource-rule-fields.tsx';

type ResourceFormModalProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The resource to edit; without it the modal creates a new one. */
  resource?: Resource;
};

/**
 * Creates or edits a resource: name, description, takeover switch and image (spec 02 §2, §4, §5),
 * its safety rules (decision 21) and how it is booked (decision 23).
 */
export function ResourceFormModal({ isOpen, onOpenChange, resource }: ResourceFormModalProps) {
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container scroll="outside">
        <Modal.Dialog>
          {/* The dialog's content mounts on each opening, so the form starts from the saved values. */}
          <ResourceForm resource={resource} onDone={() => onOpenChange(false)} />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function ResourceForm({ resource, onDone }: { resource: Resource | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveResource(resource?.id);
  const [name, setName] = useState(resource?.name ?? '');
  const [description, setDescription] = useState(resource?.description ?? '');
  const [allowTakeOver, setAllowTakeOver] = useState(resource?.allowTakeOver ?? false);
  const [image, setImage] = useState<ImageChoice>({ kind: 'keep' });
  const [rules, setRules] = useState<ResourceRulesText>({
    maxSessionMinutes: ruleText(resource?.maxSessionMinutes),
    introductionValidForDays: ruleText(resource?.introductionValidForDays),
    introductionExpiresAfterUnusedDays: ruleText(resource?.introductionExpiresAfterUnusedDays),
  });
  const [booking, setBooking] = useState(() => bookingSettingsText(resource));
  const isEdit = resource !== undefined;
  const currentImageUrl = resource?.imageFilename ? resourceImageUrl(resource.imageFilename) : undefined;
  // The server's message under a field goes once that field is edited, so the form can be sent again.
  const serverErrors = useServerFieldErrors(save.error);

  return (
    <Form
      className="flex flex-col"
      validationErrors={serverErrors.errors}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            name: name.trim(),
            description: description.trim(),
            allowTakeOver,
            ...rules,
            ...booking,
            image: image.kind === 'replace' ? image.file : undefined,
            deleteImage: image.kind === 'remove' && currentImageUrl !== undefined,
          },
          {
            onSuccess: (saved) => {
              onDone();
              if (isEdit) {
                notifySuccess(t('resourceForm.updatedTitle'));
              } else {
                notifySuccess(t('resourceForm.createdTitle'));
                void navigate(`/resources/${saved.id}`);
              }
            },
            onError: () =>
              isEdit
                ? notifyError(t('resourceForm.updateFailedTitle'), t('resourceForm.updateFailedMessage'))
                : notifyError(t('resourceForm.createFailedTitle'), t('resourceForm.createFailedMessage')),
          },
        );
      }}
    >
      <Modal.CloseTrigger aria-label={t('resourceForm.cancel')} />
      <Modal.Header>
        <Modal.Heading>{isEdit ? t('resourceForm.editTitle') : t('resourceForm.createTitle')}</Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-4">
        <TextField
          isRequired
          name="name"
          value={name}
          onChange={serverErrors.clearing('name', setName)}
          autoFocus
        >
          <Label>{t('resourceForm.name')}</Label>
          <Input />
          <LengthHint value={name} max={NAME_MAX_LENGTH} />
          <TranslatedFieldError />
        </TextField>
        <TextField
          name="description"
          value={description}
          onChange={serverErrors.clearing('description', setDescription)}
        >
          <Label>{t('resourceForm.description')}</Label>
          <TextArea rows={4} />
          <LengthHint value={description} max={DESCRIPTION_MAX_LENGTH} />
          <TranslatedFieldError />
        </TextField>
        <SwitchField
          name="allowTakeOver"
          isSelected={allowTakeOver}
          onChange={serverErrors.clearing('allowTakeOver', setAllowTakeOver)}
        >
          {t('resourceForm.allowTakeOver')}
        </SwitchField>
        <ImageUploadField
          currentImageUrl={currentImageUrl}
          value={image}
          onChange={serverErrors.clearing('image', setImage)}
        />
        <ResourceRuleFields
          value={rules}
          onChange={(next) => {
            setRules(next);
            serverErrors.clear(...changedFields(rules, next));
          }}
          fieldErrors={serverErrors.errors}
        />
        <BookingSettingsFields
          value={booking}
          onChange={(next) => {
            setBooking(next);
            serverErrors.clear(...changedFields(booking, next));
          }}
          fieldErrors={serverErrors.errors}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="tertiary" slot="close">
          {t('resourceForm.cancel')}
        </Button>
        <SubmitButton isPending={save.isPending}>
          {isEdit ? t('resourceForm.update') : t('resourceForm.create')}
        </SubmitButton>
      </Modal.Footer>
    </Form>
  );
}
