import { Table } from '@heroui/react';
import type { User } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { EmailVerifiedChip } from './email-verified-chip.tsx';

type UsersTableProps = { users: User[]; emptyText: string };

/** One row per user, linking to the user's details (spec 01 §2). */
export function UsersTable({ users, emptyText }: UsersTableProps) {
  const { t } = useTranslation();
  return (
    <ScrollTable aria-label={t('users.list.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('users.list.username')}</Table.Column>
        <Table.Column>{t('users.list.externalIdentifier')}</Table.Column>
        <Table.Column>{t('users.list.isEmailVerified')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={users}
        renderEmptyState={() => <p className="p-6 text-center text-muted">{emptyText}</p>}
      >
        {(user) => (
          <Table.Row id={user.id} href={`/users/${user.id}`} className="cursor-pointer">
            <Table.Cell>{user.username}</Table.Cell>
            <Table.Cell>{user.externalIdentifier ?? '-'}</Table.Cell>
            <Table.Cell>
              <EmailVerifiedChip isVerified={user.isEmailVerified} />
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
