import { Button, Description } from '@heroui/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { IMAGE_ACCEPT, IMAGE_MAX_MEGABYTES, IMAGE_TYPE_NAMES, imageFileProblem } from './image-file-check.ts';
import { useObjectUrl } from './image-object-url.ts';

/** The form's image: keep what the resource has, upload a new one, or remove it (spec 02 §4). */
export type ImageChoice = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

type ImageUploadFieldProps = {
  /** The address of the resource's current image, if it has one. */
  currentImageUrl: string | undefined;
  value: ImageChoice;
  onChange: (choice: ImageChoice) => void;
};

/** Picks, previews and removes a resource image; a refused file is announced and not kept. */
export function ImageUploadField({ currentImageUrl, value, onChange }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const newImageUrl = useObjectUrl(value.kind === 'replace' ? value.file : undefined);
  const previewUrl =
    value.kind === 'replace' ? newImageUrl : value.kind === 'keep' ? currentImageUrl : undefined;

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === 'invalidType') {
      notifyError(
        t('resourceForm.image.invalidTypeTitle'),
        t('resourceForm.image.invalidTypeMessage', { types: IMAGE_TYPE_NAMES }),
      );
    } else if (problem === 'tooLarge') {
      notifyError(
        t('resourceForm.image.tooLargeTitle'),
        t('resourceForm.image.tooLargeMessage', { n: IMAGE_MAX_MEGABYTES }),
      );
    }
    if (problem) {
      // A refused file leaves nothing selected, so it cannot be sent by mistake.
      if (inputRef.current) inputRef.current.value = '';
      onChange({ kind: 'keep' });
      return;
    }
    onChange({ kind: 'replace', file });
  };

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={descriptionId}>
      <legend className="mb-2 text-sm font-medium text-foreground">{t('resourceForm.image.label')}</legend>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-separator bg-surface-secondary">
          {previewUrl ? (
            <img src={previewUrl} alt={t('resourceForm.image.preview')} className="size-full object-cover" />
          ) : (
            <span className="px-2 text-center text-sm text-muted">{t('resourceForm.image.none')}</span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Button variant="secondary" size="sm" onPress={() => inputRef.current?.click()}>
            {previewUrl ? t('resourceForm.image.change') : t('resourceForm.image.choose')}
          </Button>
          {previewUrl && (
            <Button
              variant="danger-soft"
              size="sm"
              onPress={() => {
                if (inputRef.current) inputRef.current.value = '';
                onChange({ kind: 'remove' });
              }}
            >
              {t('resourceForm.image.remove')}
            </Button>
          )}
        </div>
      </div>
      <Description id={descriptionId}>
        {t('resourceForm.image.hint', { types: IMAGE_TYPE_NAMES, n: IMAGE_MAX_MEGABYTES })}
      </Description>
      {/* The native picker stays out of sight and out of the tab order; the button above opens it. */}
      <input
        ref={inputRef}
        type="file"
        name="image"
        accept={IMAGE_ACCEPT}
        className="hidden"
        tabIndex={-1}
        aria-label={t('resourceForm.image.label')}
        onChange={(event) => pick(event.target.files?.[0])}
      />
    </fieldset>
  );
}
