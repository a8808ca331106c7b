import { Label, ListBox, Select } from '@heroui/react';
import { useTranslation } from 'react-i18next';

type PageSizeSelectProps = {
  sizes: readonly number[];
  value: number;
  onChange: (size: number) => void;
};

/** How many rows a page shows. */
export function PageSizeSelect({ sizes, value, onChange }: PageSizeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      className="w-32"
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
    >
      <Label>{t('usageHistory.pageSize')}</Label>
      <Select.Trigger>
        <Select.Value />
        <Select.Indicator />
      </Select.Trigger>
      <Select.Popover>
        <ListBox>
          {sizes.map((size) => (
            <ListBox.Item key={size} id={size} textValue={String(size)}>
              {size}
              <ListBox.ItemIndicator />
            </ListBox.Item>
          ))}
        </ListBox>
      </Select.Popover>
    </Select>
  );
}
