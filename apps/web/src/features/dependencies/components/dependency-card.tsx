import { Card, Chip } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import type { DependencyEntry } from '../dependency-entry.ts';

function hostname(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

/** Name, version, author, license and a link shown by its hostname (spec 01 §2). */
export function DependencyCard({ dependency }: { dependency: DependencyEntry }) {
  const { t } = useTranslation();
  const host = dependency.url ? hostname(dependency.url) : undefined;
  return (
    <Card>
      <Card.Header>
        <Card.Title className="flex flex-wrap items-center gap-2">
          <span className="break-all">{dependency.name}</span>
          <span className="text-sm font-normal text-muted">{dependency.version}</span>
        </Card.Title>
        <Card.Description>{dependency.author ?? t('dependencies.unknownAuthor')}</Card.Description>
      </Card.Header>
      <Card.Footer className="flex flex-wrap items-center justify-between gap-2">
        <Chip size="sm" variant="soft">
          {dependency.license ?? t('dependencies.unknownLicense')}
        </Chip>
        {dependency.url && host && (
          <a
            href={dependency.url}
            target="_blank"
            rel="noreferrer"
            className="text-sm text-foreground underline"
          >
            {host}
          </a>
        )}
      </Card.Footer>
    </Card>
  );
}
