import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';

type DocumentationLoadErrorProps = { error: Error; onRetry: () => void };

/** A resource that is missing (no retry helps) or that failed to load (retry) (spec 02 §2, §8). */
export function DocumentationLoadError({ error, onRetry }: DocumentationLoadErrorProps) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <LoadError title={t('documentation.notFoundTitle')} message={t('documentation.notFoundMessage')} />
    );
  }
  return (
    <LoadError
      title={t('documentation.loadFailed')}
      message={error.message || t('documentation.unknownError')}
      onRetry={onRetry}
    />
  );
}

/** A documentation page whose resource did not load: the reason, and a way back to the resources. */
export function DocumentationPageLoadError(props: DocumentationLoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-4">
      <DocumentationLoadError {...props} />
      <LinkButton to="/resources" variant="secondary">
        {t('documentation.backToResources')}
      </LinkButton>
    </div>
  );
}
