import type { UserRef } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '../../../components/search-picker.tsx';
import { useUserSearch } from '../api/user-search-query.ts';

/** Typing waits this long before searching (spec 02 §9: user search debounce 500 ms). */
const SEARCH_DEBOUNCE_MS = 500;

type UserPickerProps = {
  label: string;
  onSelectionChange: (user: UserRef | null) => void;
  /** Users listed but not selectable, such as those who already are introducers. */
  disabledUserIds?: readonly number[];
};

/** Finds a user by username (GET /api/users/search) and reports the chosen one. */
export function UserPicker({ label, onSelectionChange, disabledUserIds = [] }: UserPickerProps) {
  const { t } = useTranslation();
  return (
    <SearchPicker<UserRef>
      label={label}
      placeholder={t('userPicker.placeholder')}
      resultsLabel={t('userPicker.results', { label })}
      texts={{ searching: t('userPicker.searching'), noResults: t('userPicker.noResults') }}
      debounceMs={SEARCH_DEBOUNCE_MS}
      useResults={useUserSearch}
      textOf={(user) => user.username}
      isDisabled={(user) => disabledUserIds.includes(user.id)}
      onSelectionChange={onSelectionChange}
    />
  );
}
