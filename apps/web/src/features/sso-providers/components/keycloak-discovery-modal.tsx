import { Description, Input, Label, TextField } from '@heroui/react';
import { type DiscoveredEndpoints, SsoMessages } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useProviderDiscovery } from '../api/use-provider-discovery.ts';

type KeycloakDiscoveryModalProps = {
  isOpen: boolean;
  onClose: () => void;
  onDiscovered: (endpoints: DiscoveredEndpoints) => void;
};

/**
 * Reads a Keycloak realm's endpoints from `{host}/realms/{realm}/.well-known/openid-configuration`
 * for a new provider (spec 02 §2, §5, §7). Host and realm are required.
 */
export function KeycloakDiscoveryModal({ isOpen, onClose, onDiscovered }: KeycloakDiscoveryModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      {/* Mounted per opening, so each opening starts empty. */}
      <DiscoveryForm onDiscovered={onDiscovered} />
    </ModalShell>
  );
}

function DiscoveryForm({ onDiscovered }: { onDiscovered: (endpoints: DiscoveredEndpoints) => void }) {
  const { t } = useTranslation();
  const discovery = useProviderDiscovery();
  const [host, setHost] = useState('');
  const [realm, setRealm] = useState('');
  const [isIncomplete, setIsIncomplete] = useState(false);

  return (
    <ModalForm
      title={t('ssoProviders.discovery.title')}
      bodyClassName="flex flex-col gap-4"
      cancelLabel={t('ssoProviders.cancel')}
      submitLabel={t('ssoProviders.discovery.submit')}
      isPending={discovery.isPending}
      onSubmit={() => {
        if (!host.trim() || !realm.trim()) {
          setIsIncomplete(true);
          return;
        }
        setIsIncomplete(false);
        discovery.mutate({ host, realm }, { onSuccess: onDiscovered });
      }}
    >
      <p className="text-sm text-muted">{t('ssoProviders.discovery.description')}</p>
      {isIncomplete && (
        <FormErrorAlert
          title={t('ssoProviders.discovery.title')}
          message={t('ssoProviders.discovery.required')}
        />
      )}
      {discovery.isError && (
        <FormErrorAlert
          title={t('ssoProviders.discovery.failed')}
          message={
            discovery.error instanceof ApiError && discovery.error.message === SsoMessages.insecureUrl
              ? t('ssoProviders.validation.insecureUrl')
              : t('ssoProviders.discovery.failedDetail')
          }
        />
      )}
      <TextField
        variant="secondary"
        name="host"
        isRequired
        value={host}
        onChange={(value) => {
          setHost(value);
          discovery.reset();
        }}
      >
        <Label>{t('ssoProviders.discovery.host')}</Label>
        <Input autoCapitalize="off" autoCorrect="off" spellCheck={false} />
        <Description>{t('ssoProviders.discovery.hostHint')}</Description>
      </TextField>
      <TextField
        variant="secondary"
        name="realm"
        isRequired
        value={realm}
        onChange={(value) => {
          setRealm(value);
          discovery.reset();
        }}
      >
        <Label>{t('ssoProviders.discovery.realm')}</Label>
        <Input autoCapitalize="off" autoCorrect="off" spellCheck={false} />
      </TextField>
    </ModalForm>
  );
}
