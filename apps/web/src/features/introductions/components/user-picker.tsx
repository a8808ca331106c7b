import { Label, ListBox, SearchField } from '@heroui/react';
import type { UserRef } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch } from '../api/user-search-query.ts';

/** Typing waits this long before searching (spec 02 §9: user search debounce 500 ms). */
const SEARCH_DEBOUNCE_MS = 500;

type UserPickerProps = {
  label: string;
  onSelectionChange: (user: UserRef | null) => void;
  /** Users listed but not selectable, such as those who already are introducers. */
  disabledUserIds?: readonly number[];
};

/**
 * Finds a user by username (GET /api/users/search) and reports the chosen one. The parent resets
 * it by changing its key once the choice has been used.
 *
 * A search field above a list of matches, not a combo box or autocomplete popover: HeroUI's text
 * input imports those modules, so using either anywhere moves their code into the sign-in screen.
 */
export function UserPicker({ label, onSelectionChange, disabledUserIds = [] }: UserPickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<UserRef | null>(null);
  const search = useDebouncedValue(inputValue.trim(), SEARCH_DEBOUNCE_MS);
  const users = useUserSearch(search, search !== '');
  const found = users.data?.data ?? [];
  // The chosen user stays listed while the search text changes, so the choice stays visible.
  const items = selected && !found.some((user) => user.id === selected.id) ? [selected, ...found] : found;

  const isListShown = inputValue.trim() !== '';

  const select = (user: UserRef | null) => {
    setSelected(user);
    onSelectionChange(user);
  };

  return (
    <div className="flex w-full max-w-sm flex-col gap-2">
      <SearchField
        variant="secondary"
        value={inputValue}
        onChange={setInputValue}
        aria-controls={isListShown ? listId : undefined}
      >
        <Label>{label}</Label>
        <SearchField.Group>
          <SearchField.SearchIcon />
          <SearchField.Input placeholder={t('userPicker.placeholder')} />
          <SearchField.ClearButton />
        </SearchField.Group>
      </SearchField>
      {isListShown && (
        <ListBox
          id={listId}
          aria-label={t('userPicker.results', { label })}
          aria-busy={users.isFetching}
          className="max-h-60 overflow-y-auto rounded-xl border border-separator"
          items={items}
          selectionMode="single"
          selectedKeys={selected ? [selected.id] : []}
          disabledKeys={disabledUserIds}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            select(items.find((user) => user.id === key) ?? null);
          }}
          renderEmptyState={() => (
            <p className="p-3 text-sm text-muted">
              {users.isError
                ? users.error.message
                : users.isPending || users.isFetching || search !== inputValue.trim()
                  ? t('userPicker.searching')
                  : t('userPicker.noResults')}
            </p>
          )}
        >
          {(user: UserRef) => (
            <ListBox.Item id={user.id} textValue={user.username}>
              {user.username}
              <ListBox.ItemIndicator />
            </ListBox.Item>
          )}
        </ListBox>
      )}
    </div>
  );
}
