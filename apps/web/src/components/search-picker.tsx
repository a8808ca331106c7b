import { Label, ListBox, SearchField } from '@heroui/react';
import { type ReactNode, useId, useState } from 'react';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';

/** What a picker needs of its search query (a react-query result of a paged list). */
export type PickerSearch<T> = {
  data?: { data: T[] };
  isError: boolean;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
};

type SearchPickerProps<T extends { id: number }> = {
  label: string;
  placeholder: string;
  resultsLabel: string;
  texts: { searching: string; noResults: string };
  /** Typing waits this long before searching. */
  debounceMs: number;
  /** The search hook: called on every render with the debounced text. */
  useResults: (search: string, enabled: boolean) => PickerSearch<T>;
  textOf: (item: T) => string;
  renderItem?: (item: T) => ReactNode;
  /** Items listed but not selectable, such as those already chosen elsewhere. */
  isDisabled?: (item: T) => boolean;
  onSelectionChange: (item: T | null) => void;
};

/**
 * Finds an item by typing and reports the chosen one. The parent resets it by changing its key
 * once the choice has been used.
 *
 * A search field above a list of matches, not a combo box or autocomplete popover: HeroUI's text
 * input imports those modules, so using either anywhere moves their code into the sign-in screen.
 */
export function SearchPicker<T extends { id: number }>(props: SearchPickerProps<T>) {
  const { useResults, textOf, onSelectionChange, isDisabled } = props;
  const listId = useId();
  const [inputValue, setInputValue] = useState('');
  const [selected, setSelected] = useState<T | null>(null);
  const search = useDebouncedValue(inputValue.trim(), props.debounceMs);
  const results = useResults(search, search !== '');
  const found = results.data?.data ?? [];
  // The chosen item stays listed while the search text changes, so the choice stays visible.
  const items = selected && !found.some((item) => item.id === selected.id) ? [selected, ...found] : found;
  const disabledIds = isDisabled ? items.filter(isDisabled).map((item) => item.id) : [];
  const isListShown = inputValue.trim() !== '';

  const select = (item: T | null) => {
    setSelected(item);
    onSelectionChange(item);
  };

  return (
    <div className="flex w-full max-w-sm flex-col gap-2">
      <SearchField
        variant="secondary"
        value={inputValue}
        onChange={setInputValue}
        aria-controls={isListShown ? listId : undefined}
      >
        <Label>{props.label}</Label>
        <SearchField.Group>
          <SearchField.SearchIcon />
          <SearchField.Input placeholder={props.placeholder} />
          <SearchField.ClearButton />
        </SearchField.Group>
      </SearchField>
      {isListShown && (
        <ListBox
          id={listId}
          aria-label={props.resultsLabel}
          aria-busy={results.isFetching}
          className="max-h-60 overflow-y-auto rounded-xl border border-separator"
          items={items}
          selectionMode="single"
          selectedKeys={selected ? [selected.id] : []}
          disabledKeys={disabledIds}
          onSelectionChange={(keys) => {
            const [key] = keys === 'all' ? [] : [...keys];
            select(items.find((item) => item.id === key) ?? null);
          }}
          renderEmptyState={() => (
            <p className="p-3 text-sm text-muted">
              {results.isError
                ? results.error?.message
                : results.isPending || results.isFetching || search !== inputValue.trim()
                  ? props.texts.searching
                  : props.texts.noResults}
            </p>
          )}
        >
          {(item: T) => (
            <ListBox.Item id={item.id} textValue={textOf(item)}>
              {props.renderItem ? props.renderItem(item) : textOf(item)}
              <ListBox.ItemIndicator />
            </ListBox.Item>
          )}
        </ListBox>
      )}
    </div>
  );
}
