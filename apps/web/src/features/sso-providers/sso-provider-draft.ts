import {
  type CreateSsoProviderBody,
  isAllowedProviderUrl,
  type SsoProvider,
  type UpdateSsoProviderBody,
} from '@toolpass/contracts';

/** The provider form's fields as typed; the client secret is never filled in (write-only). */
export type SsoProviderDraft = {
  name: string;
  issuer: string;
  authorizationURL: string;
  tokenURL: string;
  userInfoURL: string;
  clientId: string;
  /** A new secret; on an edit, empty keeps the stored one. */
  clientSecret: string;
};

export type SsoProviderField = keyof SsoProviderDraft;
export type SsoProviderProblem = 'required' | 'insecureUrl' | 'secretForNewAddress';
export type SsoProviderProblems = Partial<Record<SsoProviderField, SsoProviderProblem>>;

const URL_FIELDS = ['issuer', 'authorizationURL', 'tokenURL', 'userInfoURL'] as const;

export function draftOfProvider(provider?: SsoProvider): SsoProviderDraft {
  const config = provider?.oidcConfiguration;
  return {
    name: provider?.name ?? '',
    issuer: config?.issuer ?? '',
    authorizationURL: config?.authorizationURL ?? '',
    tokenURL: config?.tokenURL ?? '',
    userInfoURL: config?.userInfoURL ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
  };
}

/** Whether an edit changes one of the provider's addresses, which needs the client secret again. */
export function changesAddresses(draft: SsoProviderDraft, provider: SsoProvider | undefined): boolean {
  const stored = provider?.oidcConfiguration;
  return stored !== undefined && URL_FIELDS.some((field) => draft[field].trim() !== stored[field]);
}

/**
 * Every field is required (spec 02 §5), the client secret for a new provider and for new
 * addresses (the stored one goes only where it was given for); addresses must be https, or http
 * on localhost, as the server checks too.
 */
export function validateProviderDraft(
  draft: SsoProviderDraft,
  isEdit: boolean,
  provider?: SsoProvider,
): SsoProviderProblems {
  const problems: SsoProviderProblems = {};
  for (const field of ['name', ...URL_FIELDS, 'clientId'] as const) {
    if (!draft[field].trim()) problems[field] = 'required';
  }
  for (const field of URL_FIELDS) {
    if (!problems[field] && !isAllowedProviderUrl(draft[field].trim())) problems[field] = 'insecureUrl';
  }
  if (!isEdit && !draft.clientSecret) problems.clientSecret = 'required';
  else if (!draft.clientSecret && changesAddresses(draft, provider))
    problems.clientSecret = 'secretForNewAddress';
  return problems;
}

export const hasProviderProblems = (problems: SsoProviderProblems) => Object.keys(problems).length > 0;

function oidcConfiguration(draft: SsoProviderDraft) {
  return {
    issuer: draft.issuer.trim(),
    authorizationURL: draft.authorizationURL.trim(),
    tokenURL: draft.tokenURL.trim(),
    userInfoURL: draft.userInfoURL.trim(),
    clientId: draft.clientId.trim(),
  };
}

export function toCreateProviderBody(draft: SsoProviderDraft): CreateSsoProviderBody {
  return {
    name: draft.name.trim(),
    type: 'OIDC',
    oidcConfiguration: { ...oidcConfiguration(draft), clientSecret: draft.clientSecret },
  };
}

/** Without a new secret the stored one is kept. */
export function toUpdateProviderBody(draft: SsoProviderDraft): UpdateSsoProviderBody {
  return {
    name: draft.name.trim(),
    type: 'OIDC',
    oidcConfiguration: {
      ...oidcConfiguration(draft),
      ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
    },
  };
}
