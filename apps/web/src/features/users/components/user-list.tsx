import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useUsersList } from '../api/use-users.ts';
import { useUserListFilters } from '../hooks/use-user-list-filters.ts';
import { UserSearchField } from './user-search-field.tsx';
import { UsersTable } from './users-table.tsx';
import { UsersTableSkeleton } from './users-table-skeleton.tsx';

/** Searchable, paged user table (spec 01 §2: 10 per page, search debounced 500 ms). */
export function UserList() {
  const { t } = useTranslation();
  const { search, setSearch, debouncedSearch, page, setPage } = useUserListFilters();
  const users = useUsersList(page, debouncedSearch);

  return (
    <section className="flex flex-col gap-4" aria-busy={users.isFetching}>
      <UserSearchField value={search} onChange={setSearch} />
      {users.isPending && <UsersTableSkeleton />}
      {users.isError && (
        <LoadError
          title={t('users.list.loadFailed')}
          message={users.error.message}
          onRetry={() => void users.refetch()}
        />
      )}
      {users.data && (
        <>
          <UsersTable
            users={users.data.data}
            emptyText={
              debouncedSearch ? t('users.list.noMatches', { search: debouncedSearch }) : t('users.list.empty')
            }
          />
          <PagePagination page={page} totalPages={users.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
