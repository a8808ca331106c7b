import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { SearchPicker } from '../../../components/search-picker.tsx';
import { useResourceSearch } from '../api/use-group-resources.ts';

/** Typing waits this long before searching, like the overview's search (spec 01 §9: 250 ms). */
const SEARCH_DEBOUNCE_MS = 250;

type ResourcePickerProps = {
  label: string;
  onSelectionChange: (resource: Resource | null) => void;
  /** The group whose resources are listed but not selectable: they are in it already. */
  groupId: number;
};

/** Finds a resource by name and reports the chosen one; the parent resets it by changing its key. */
export function ResourcePicker({ label, onSelectionChange, groupId }: ResourcePickerProps) {
  const { t } = useTranslation();
  const inGroup = (resource: Resource) => resource.groups.some((group) => group.id === groupId);
  return (
    <SearchPicker<Resource>
      label={label}
      placeholder={t('groupResources.pickerPlaceholder')}
      resultsLabel={t('groupResources.pickerResults')}
      texts={{ searching: t('groupResources.searching'), noResults: t('groupResources.noMatches') }}
      debounceMs={SEARCH_DEBOUNCE_MS}
      useResults={useResourceSearch}
      textOf={(resource) => resource.name}
      renderItem={(resource) => (
        <span className="[overflow-wrap:anywhere]">
          {resource.name}
          {inGroup(resource) && <span className="text-muted"> · {t('groupResources.alreadyInGroup')}</span>}
        </span>
      )}
      isDisabled={inGroup}
      onSelectionChange={onSelectionChange}
    />
  );
}
