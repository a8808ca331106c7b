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
    // Label beside the trigger, so the history's header stays one aligned row.
    <Select
      className="flex flex-row items-center gap-2"
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
    >
      <Label className="whitespace-nowrap">{t('usageHistory.pageSize')}</Label>
      <Select.Trigger className="w-20">
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
