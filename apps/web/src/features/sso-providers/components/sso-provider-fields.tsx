import { NAME_MAX_LENGTH } from '@toolpass/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { LengthHint } from '../../../components/length-hint.tsx';
import type { SsoProviderFormState } from '../hooks/use-sso-provider-form.ts';
import type { SsoProviderDraft, SsoProviderProblem } from '../sso-provider-draft.ts';
import { IssuerDiscovery } from './issuer-discovery.tsx';
import { RedirectUriNotice } from './redirect-uri-notice.tsx';

const noAutoFill = { autoCapitalize: 'off', autoCorrect: 'off', spellCheck: false } as const;
/** The provider's OpenID Connect addresses, in the order the form asks for them. */
const ADDRESS_FIELDS = ['issuer', 'authorizationURL', 'tokenURL', 'userInfoURL'] as const;

/**
 * The redirect URI to register first, then name, the four OpenID Connect addresses (filled in
 * from the issuer on request), client id and secret of a provider (spec 02 §3, §5). The secret
 * is write-only: an edit starts with it empty, and empty keeps the stored one.
 */
export function SsoProviderFields({ form }: { form: SsoProviderFormState }) {
  const { t } = useTranslation();
  const { draft, problems, serverErrors } = form;
  const set = (change: Partial<SsoProviderDraft>) => form.change({ ...draft, ...change });
  const problemText = (problem: SsoProviderProblem | undefined) => {
    if (problem === 'required') return t('ssoProviders.validation.required');
    if (problem === 'insecureUrl') return t('ssoProviders.validation.insecureUrl');
    if (problem === 'secretForNewAddress') return t('ssoProviders.serverMessages.clientSecretForNewAddress');
    return undefined;
  };
  const errorOf = (field: keyof SsoProviderDraft) => problemText(problems[field]) ?? serverErrors[field];

  return (
    <div className="flex flex-col gap-4">
      <RedirectUriNotice />
      <FormTextField
        isRequired
        name="name"
        label={t('ssoProviders.form.name')}
        value={draft.name}
        onChange={(name) => set({ name })}
        error={errorOf('name')}
      >
        <LengthHint value={draft.name} max={NAME_MAX_LENGTH} />
      </FormTextField>
      {ADDRESS_FIELDS.map((field) => (
        <Fragment key={field}>
          <FormTextField
            isRequired
            name={field}
            label={t(`ssoProviders.form.${field}`)}
            type="url"
            value={draft[field]}
            onChange={(value) => set({ [field]: value })}
            error={errorOf(field)}
            description={field === 'issuer' ? t('ssoProviders.form.issuerHint') : undefined}
            inputProps={noAutoFill}
          />
          {field === 'issuer' && (
            <IssuerDiscovery issuer={draft.issuer} onDiscovered={(endpoints) => set({ ...endpoints })} />
          )}
        </Fragment>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          isRequired
          name="clientId"
          label={t('ssoProviders.form.clientId')}
          value={draft.clientId}
          onChange={(clientId) => set({ clientId })}
          error={errorOf('clientId')}
          inputProps={{ ...noAutoFill, autoComplete: 'off' }}
        />
        <FormTextField
          name="clientSecret"
          label={t('ssoProviders.form.clientSecret')}
          type="password"
          isRequired={!form.isEdit || form.needsSecretAgain}
          value={draft.clientSecret}
          onChange={(clientSecret) => set({ clientSecret })}
          error={errorOf('clientSecret')}
          description={
            form.needsSecretAgain
              ? t('ssoProviders.form.clientSecretForNewAddress')
              : form.isEdit
                ? t('ssoProviders.form.clientSecretKeep')
                : t('ssoProviders.form.clientSecretHint')
          }
          // A browser must not offer the administrator's own password for the provider.
          inputProps={{ autoComplete: 'new-password' }}
        />
      </div>
    </div>
  );
}
