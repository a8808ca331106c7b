import { Button, Input, Label, Skeleton, TextField } from '@heroui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSsoRedirectUri } from '../api/use-sso-providers.ts';

/**
 * The redirect URI to register at the provider, shown first: a provider hands out the client id
 * and secret only once it is registered there. It is the same for every provider, so a new one
 * shows it before it is saved (decision 14).
 */
export function RedirectUriNotice() {
  const { t } = useTranslation();
  const titleId = useId();
  const redirectUri = useSsoRedirectUri();
  const value = redirectUri.data?.redirectUri;
  // The clipboard is missing outside secure contexts; the address stays selectable in the field.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(value ?? ''))
      .then(
        () => notifySuccess(t('ssoProviders.redirectUri.copied')),
        () => notifyError(t('ssoProviders.redirectUri.copyFailed')),
      );

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-separator p-3">
      <h3 id={titleId} className="font-medium">
        {t('ssoProviders.redirectUri.title')}
      </h3>
      <p className="text-sm text-muted">{t('ssoProviders.redirectUri.explanation')}</p>
      {redirectUri.isPending && <Skeleton className="h-10 w-full rounded-lg" />}
      {redirectUri.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('ssoProviders.redirectUri.loadFailed')}
        </p>
      )}
      {value !== undefined && (
        <div className="flex flex-wrap items-end gap-2">
          <TextField className="min-w-0 flex-1" value={value} isReadOnly>
            <Label className="sr-only">{t('ssoProviders.redirectUri.title')}</Label>
            <Input className="font-mono text-sm" />
          </TextField>
          <Button variant="secondary" onPress={() => void copy()}>
            {t('ssoProviders.redirectUri.copy')}
          </Button>
        </div>
      )}
    </section>
  );
}
