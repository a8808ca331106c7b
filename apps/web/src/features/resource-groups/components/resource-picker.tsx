import { Label, ListBox, SearchField } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useResourceSearch } from '../api/use-group-resources.ts';

/** Typing waits this long before searching, like the overview's search (spec 01 §9: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

type ResourcePickerProps = {
  label: string;
  onSelectionChange: (resource: Resource | null) => void;
  /** The group whose resources are listed but not selectable: they are in it already. */
  groupId: number;
};

/**
 * Finds a resource by name and reports the chosen one; the parent resets it by changing its key.
 * A search field over a list, like the user picker, for the same reason (no combo box code in
 * the sign-in screen's chunk).
 */
export function ResourcePicker({ label, onSelectionChange, groupId }: ResourcePickerProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<Resource | null>(null);
  const search = useDebouncedValue(inputValue.trim(), SEARCH_DEBOUNCE_MS);
  const resources = useResourceSearch(search, search !== '');
  const found = resources.data?.data ?? [];
  const items =
    selected && !found.some((resource) => resource.id === selected.id) ? [selected, ...found] : found;
  const inGroup = items
    .filter((resource) => resource.groups.some((group) => group.id === groupId))
    .map((resource) => resource.id);
  const isListShown = inputValue.trim() !== '';

  const select = (resource: Resource | null) => {
    setSelected(resource);
    onSelectionChange(resource);
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
          <SearchField.Input placeholder={t('groupResources.pickerPlaceholder')} />
          <SearchField.ClearButton />
        </SearchField.Group>
      </SearchField>
      {isListShown && (
        <ListBox
          id={listId}
          aria-label={t('groupResources.pickerResults')}
          aria-busy={resources.isFetching}
          className="max-h-60 overflow-y-auto rounded-xl border border-separator"
          items={items}
          selectionMode="single"
          selectedKeys={selected ? [selected.id] : []}
          disabledKeys={inGroup}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            select(items.find((resource) => resource.id === key) ?? null);
          }}
          renderEmptyState={() => (
            <p className="p-3 text-sm text-muted">
              {resources.isError
                ? resources.error.message
                : resources.isPending || resources.isFetching || search !== inputValue.trim()
                  ? t('groupResources.searching')
                  : t('groupResources.noMatches')}
            </p>
          )}
        >
          {(resource: Resource) => (
            <ListBox.Item id={resource.id} textValue={resource.name}>
              <span className="[overflow-wrap:anywhere]">
                {resource.name}
                {inGroup.includes(resource.id) && (
                  <span className="text-muted"> · {t('groupResources.alreadyInGroup')}</span>
                )}
              </span>
              <ListBox.ItemIndicator />
            </ListBox.Item>
          )}
        </ListBox>
      )}
    </div>
  );
}
