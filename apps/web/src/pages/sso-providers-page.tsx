import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { KeycloakDiscoveryModal } from '../features/sso-providers/components/keycloak-discovery-modal.tsx';
import {
  SsoProviderFormModal,
  type SsoProviderFormTarget,
} from '../features/sso-providers/components/sso-provider-form-modal.tsx';
import { SsoProviderList } from '../features/sso-providers/components/sso-provider-list.tsx';

/** /sso/providers, for holders of canManageSystemConfiguration (spec 02 §2). */
export default function SsoProvidersPage() {
  const { t } = useTranslation();
  // The target stays set while the modal fades out, so its content does not jump.
  const [form, setForm] = useState<
    { target: SsoProviderFormTarget; isOpen: boolean; opening: number } | undefined
  >();
  const [isDiscovering, setIsDiscovering] = useState(false);
  // Each opening counts up, so every opening starts a fresh form.
  const openForm = (target: SsoProviderFormTarget) =>
    setForm((current) => ({ target, isOpen: true, opening: (current?.opening ?? 0) + 1 }));

  return (
    <>
      <PageHeader
        title={t('ssoProviders.title')}
        subtitle={t('ssoProviders.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={() => setIsDiscovering(true)}>
              {t('ssoProviders.discovery.open')}
            </Button>
            <Button onPress={() => openForm({ kind: 'create' })}>{t('ssoProviders.add')}</Button>
          </div>
        }
      />
      <SsoProviderList onEdit={(providerId) => openForm({ kind: 'edit', providerId })} />
      <SsoProviderFormModal
        key={form?.opening}
        target={form?.target}
        isOpen={form?.isOpen ?? false}
        onClose={() => setForm((current) => current && { ...current, isOpen: false })}
      />
      <KeycloakDiscoveryModal
        isOpen={isDiscovering}
        onClose={() => setIsDiscovering(false)}
        onDiscovered={(endpoints) => {
          setIsDiscovering(false);
          openForm({ kind: 'create', initial: endpoints });
        }}
      />
    </>
  );
}
