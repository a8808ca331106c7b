import { Button, Table } from '@heroui/react';
import type { Introducer } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';

type IntroducersTableProps = { introducers: Introducer[]; onRevoke: (introducer: Introducer) => void };

/** One row per introducer, with the action that removes them (spec 02 §2). */
export function IntroducersTable({ introducers, onRevoke }: IntroducersTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('introducers.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('introducers.username')}</Table.Column>
        <Table.Column className="text-end">{t('introducers.actions')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={introducers}
        // Rows are cached by item: what they read besides it is listed here (README).
        dependencies={[i18n.language, onRevoke]}
        renderEmptyState={() => <p className="p-6 text-center text-muted">{t('introducers.empty')}</p>}
      >
        {(introducer) => (
          <Table.Row id={introducer.userId}>
            <Table.Cell>{introducer.user.username}</Table.Cell>
            <Table.Cell className="text-end">
              <Button size="sm" variant="danger-soft" onPress={() => onRevoke(introducer)}>
                {t('introducers.revoke')}
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
