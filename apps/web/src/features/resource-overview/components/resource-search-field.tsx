import { Label, SearchField } from '@heroui/react';
import { useTranslation } from 'react-i18next';

type ResourceSearchFieldProps = { value: string; onChange: (value: string) => void };

export function ResourceSearchField({ value, onChange }: ResourceSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <SearchField value={value} onChange={onChange} className="w-full sm:max-w-sm">
      <Label className="sr-only">{t('resourceOverview.searchLabel')}</Label>
      <SearchField.Group>
        <SearchField.SearchIcon />
        <SearchField.Input placeholder={t('resourceOverview.searchPlaceholder')} />
        <SearchField.ClearButton />
      </SearchField.Group>
    </SearchField>
  );
}
