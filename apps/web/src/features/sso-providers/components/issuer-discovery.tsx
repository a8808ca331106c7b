import { Button } from '@heroui/react';
import { type DiscoveredEndpoints, SsoMessages } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useProviderDiscovery } from '../api/use-provider-discovery.ts';

type IssuerDiscoveryProps = {
  issuer: string;
  onDiscovered: (endpoints: DiscoveredEndpoints) => void;
};

/**
 * Fills the provider's addresses from its issuer's /.well-known/openid-configuration, read by the
 * server: any OpenID provider (Authentik, Entra ID, Google, Keycloak...) needs only its issuer.
 */
export function IssuerDiscovery({ issuer, onDiscovered }: IssuerDiscoveryProps) {
  const { t } = useTranslation();
  const discovery = useProviderDiscovery();
  const isEmpty = issuer.trim() === '';
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        className="w-fit"
        isDisabled={isEmpty}
        isPending={discovery.isPending}
        onPress={() =>
          discovery.mutate(
            { issuer },
            {
              onSuccess: (endpoints) => {
                discovery.reset();
                onDiscovered(endpoints);
              },
            },
          )
        }
      >
        {t('ssoProviders.issuerDiscovery.button')}
      </Button>
      {discovery.isError ? (
        <p role="alert" className="text-sm text-danger">
          {discovery.error instanceof ApiError && discovery.error.message === SsoMessages.insecureUrl
            ? t('ssoProviders.validation.insecureUrl')
            : t('ssoProviders.issuerDiscovery.failed')}
        </p>
      ) : (
        <p className="text-sm text-muted">{t('ssoProviders.issuerDiscovery.hint')}</p>
      )}
    </div>
  );
}
