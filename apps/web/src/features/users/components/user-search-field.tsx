import { Label, SearchField } from '@heroui/react';
import { useTranslation } from 'react-i18next';

type UserSearchFieldProps = { value: string; onChange: (value: string) => void };

export function UserSearchField({ value, onChange }: UserSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <SearchField value={value} onChange={onChange} className="w-full max-w-sm">
      <Label className="sr-only">{t('users.list.search')}</Label>
      <SearchField.Group>
        <SearchField.SearchIcon />
        <SearchField.Input placeholder={t('users.list.searchPlaceholder')} />
        <SearchField.ClearButton />
      </SearchField.Group>
    </SearchField>
  );
}
