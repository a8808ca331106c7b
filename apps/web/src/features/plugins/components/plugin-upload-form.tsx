import { Alert, Button, Card } from '@heroui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useInstallPlugin } from '../api/use-plugin-mutations.ts';
import { pluginErrorDetail } from '../plugin-messages.ts';
import { RELOAD_DELAY_SECONDS, reloadSoon } from '../reload-soon.ts';

const isZipName = (name: string) => name.toLowerCase().endsWith('.zip');

/** Upload of a plugin package (spec 02 §4); the page reloads once it is installed. */
export function PluginUploadForm() {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | undefined>();
  const [invalidFile, setInvalidFile] = useState(false);
  const install = useInstallPlugin();
  const needsConnection = useNeedsConnection(install.isSuccess);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 02 §5: the name must end in .zip before anything is sent.
    if (!file || !isZipName(file.name)) {
      setInvalidFile(true);
      return;
    }
    install.mutate(file, { onSuccess: reloadSoon });
  };

  return (
    <Card className="mb-6 gap-4 p-4">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('plugins.upload.label')}
        </label>
        <input
          id={inputId}
          type="file"
          name="pluginZip"
          accept=".zip,application/zip"
          aria-describedby={hintId}
          aria-invalid={invalidFile || undefined}
          className="max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-default file:px-4 file:py-2 file:text-sm file:font-medium file:text-foreground"
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setInvalidFile(false);
            install.reset();
          }}
        />
        <p id={hintId} className="text-sm text-muted">
          {t('plugins.upload.hint')}
        </p>
        {invalidFile && (
          <p role="alert" className="text-sm text-danger">
            {t('plugins.upload.invalidZip')}
          </p>
        )}
        {install.isError && (
          <FormErrorAlert title={t('plugins.upload.failed')} message={pluginErrorDetail(t, install.error)} />
        )}
        {install.isSuccess && (
          <Alert status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('plugins.upload.installed', { name: install.data.name })}</Alert.Title>
              <Alert.Description>{t('plugins.reloading', { count: RELOAD_DELAY_SECONDS })}</Alert.Description>
            </Alert.Content>
          </Alert>
        )}
        <div>
          <Button type="submit" {...needsConnection} isPending={install.isPending}>
            {t('plugins.upload.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
