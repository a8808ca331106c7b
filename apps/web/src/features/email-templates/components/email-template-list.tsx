import { buttonVariants, Table } from '@heroui/react';
import type { EmailTemplate, Language } from '@toolpass/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { LANGUAGE_NAMES } from '../../language/hooks/use-language.ts';
import { useEmailTemplates } from '../api/use-email-templates.ts';
import { emailTemplateErrorDetail, templateTypeName } from '../hooks/email-template-messages.ts';
import { templateLanguageLink, useTemplateLanguage } from '../hooks/use-template-language.ts';
import { TemplateLanguageSwitch } from './template-language-switch.tsx';

type TemplateRow = EmailTemplate & { id: string; name: string };

/** Phones leave out the subject (its editor shows it), so "Edit" stays in view (issue 28). */
const WIDE_ONLY = 'hidden sm:table-cell';

/**
 * Every mail template of the chosen language: its type, its subject and a link to its editor
 * (spec 02 §2; one template per language, decision 19).
 */
export function EmailTemplateList() {
  const language = useTemplateLanguage();
  return (
    <div className="flex flex-col gap-4">
      <TemplateLanguageSwitch path="/email-templates" current={language} />
      <TemplateTable key={language} language={language} />
    </div>
  );
}

function TemplateTable({ language }: { language: Language }) {
  const { t, i18n } = useTranslation();
  const templates = useEmailTemplates(language);
  // Rows read only their item (web README): the translated name is part of it.
  const rows = useMemo<TemplateRow[]>(
    () =>
      (templates.data ?? []).map((template) => ({
        ...template,
        id: template.type,
        name: templateTypeName(t, template.type),
      })),
    [templates.data, t],
  );

  if (!templates.isSuccess) {
    return (
      <QueryFallback
        query={templates}
        skeletonClassName="h-64 w-full rounded-2xl"
        errorTitle={t('emailTemplates.loadFailed')}
        errorMessage={(error) => emailTemplateErrorDetail(t, error)}
      />
    );
  }

  return (
    <ScrollTable aria-label={t('emailTemplates.tableLabelIn', { language: LANGUAGE_NAMES[language] })}>
      <Table.Header>
        <Table.Column isRowHeader>{t('emailTemplates.type')}</Table.Column>
        <Table.Column className={WIDE_ONLY}>{t('emailTemplates.subject')}</Table.Column>
        <Table.Column>{t('emailTemplates.actions')}</Table.Column>
      </Table.Header>
      <Table.Body items={rows} dependencies={[i18n.language]}>
        {(row) => (
          <Table.Row id={row.id}>
            <Table.Cell className="align-top">
              <div className="flex flex-col">
                <span className="font-medium">{row.name}</span>
                <span className="font-mono text-xs text-muted">{row.type}</span>
              </div>
            </Table.Cell>
            <Table.Cell className={`${WIDE_ONLY} align-top [overflow-wrap:anywhere]`} lang={row.language}>
              {row.subject}
            </Table.Cell>
            <Table.Cell className="align-top">
              <Link
                to={templateLanguageLink(`/email-templates/${row.type}`, row.language)}
                className={buttonVariants({ variant: 'secondary', size: 'sm' })}
                aria-label={t('emailTemplates.editLabel', { name: row.name })}
              >
                {t('emailTemplates.edit')}
              </Link>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
