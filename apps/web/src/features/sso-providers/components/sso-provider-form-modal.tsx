import { Modal, Skeleton } from '@heroui/react';
import type { SsoProvider } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { useSsoProvider } from '../api/use-sso-providers.ts';
import { ssoErrorDetail } from '../hooks/sso-error-messages.ts';
import { useSsoProviderForm } from '../hooks/use-sso-provider-form.ts';
import type { SsoProviderDraft } from '../sso-provider-draft.ts';
import { SsoProviderFields } from './sso-provider-fields.tsx';

/** What the form starts from: a new provider (maybe with discovered addresses), or one to edit. */
export type SsoProviderFormTarget =
  | { kind: 'create'; initial?: Partial<SsoProviderDraft> }
  | { kind: 'edit'; providerId: number };

type SsoProviderFormModalProps = {
  /** Open while set; kept while the modal fades out. */
  target: SsoProviderFormTarget | undefined;
  isOpen: boolean;
  onClose: () => void;
};

/** Create or edit a provider in a modal (spec 02 §2). */
export function SsoProviderFormModal({ target, isOpen, onClose }: SsoProviderFormModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose} size="lg">
      {target?.kind === 'edit' && <EditProvider providerId={target.providerId} onDone={onClose} />}
      {target?.kind === 'create' && (
        <ProviderForm provider={undefined} initial={target.initial} onDone={onClose} />
      )}
    </ModalShell>
  );
}

function EditProvider({ providerId, onDone }: { providerId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const provider = useSsoProvider(providerId);
  if (provider.isPending) {
    return (
      <>
        <Modal.Header>
          <Modal.Heading>{t('ssoProviders.form.editTitle')}</Modal.Heading>
        </Modal.Header>
        <Modal.Body>
          <Skeleton className="h-96 w-full rounded-xl" />
        </Modal.Body>
      </>
    );
  }
  if (provider.isError) {
    return (
      <>
        <Modal.CloseTrigger aria-label={t('common.close')} />
        <Modal.Header>
          <Modal.Heading>{t('ssoProviders.form.editTitle')}</Modal.Heading>
        </Modal.Header>
        <Modal.Body>
          <LoadError
            title={t('ssoProviders.loadFailed')}
            message={ssoErrorDetail(t, provider.error)}
            onRetry={() => void provider.refetch()}
          />
        </Modal.Body>
      </>
    );
  }
  return <ProviderForm provider={provider.data} initial={undefined} onDone={onDone} />;
}

type ProviderFormProps = {
  provider: SsoProvider | undefined;
  initial: Partial<SsoProviderDraft> | undefined;
  onDone: () => void;
};

function ProviderForm({ provider, initial, onDone }: ProviderFormProps) {
  const { t } = useTranslation();
  const form = useSsoProviderForm({ provider, initial, onSaved: onDone });
  return (
    <ModalForm
      title={form.isEdit ? t('ssoProviders.form.editTitle') : t('ssoProviders.form.createTitle')}
      onSubmit={form.submit}
      cancelLabel={t('ssoProviders.cancel')}
      submitLabel={form.isEdit ? t('ssoProviders.form.save') : t('ssoProviders.form.create')}
      isPending={form.isPending}
    >
      <SsoProviderFields form={form} />
    </ModalForm>
  );
}
