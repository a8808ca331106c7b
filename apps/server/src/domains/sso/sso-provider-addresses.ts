import { SsoMessages, type UpdateSsoProviderBody } from '@toolpass/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { refuseUnlessAllowed } from '../../platform/net/host-check.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import type { SsoProviderRecord } from './sso.repository.ts';

/** The provider's addresses as the API names them, each with its stored field. */
const ADDRESSES = {
  issuer: 'issuer',
  authorizationURL: 'authorizationUrl',
  tokenURL: 'tokenUrl',
  userInfoURL: 'userInfoUrl',
} as const;
type AddressField = keyof typeof ADDRESSES;
const FIELDS = Object.keys(ADDRESSES) as AddressField[];

/** Every address of a provider that is saved passes ALLOWED_INTEGRATION_HOSTS (decision 17). */
export async function checkProviderAddresses(
  outbound: OutboundPolicy,
  config: Partial<Record<AddressField, string>>,
): Promise<void> {
  for (const field of FIELDS) {
    const url = config[field];
    if (url !== undefined) await refuseUnlessAllowed(outbound.checkUrl(url), `oidcConfiguration.${field}`);
  }
}

/**
 * The stored client secret goes only to the addresses it was given for (issue 26): an update
 * that changes one of them must give the secret again. Refused rather than dropped, so the
 * provider keeps working with its old settings until the administrator has the secret at hand.
 */
export function requireSecretForNewAddresses(
  stored: SsoProviderRecord,
  config: NonNullable<UpdateSsoProviderBody['oidcConfiguration']>,
): void {
  const moved = FIELDS.some(
    (field) => config[field] !== undefined && config[field] !== stored[ADDRESSES[field]],
  );
  if (moved && config.clientSecret === undefined) {
    const message = SsoMessages.clientSecretForNewAddress;
    throw badRequest(message, { errors: { 'oidcConfiguration.clientSecret': [message] } });
  }
}
