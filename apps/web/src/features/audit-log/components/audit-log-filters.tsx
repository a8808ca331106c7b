import { Button, Label, ListBox, SearchField, Select } from '@heroui/react';
import { AUDIT_TARGET_TYPES } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import type { AuditLogFilterFields } from '../hooks/use-audit-log-filters.ts';
import { targetTypeLabels } from './audit-target-type-label.ts';

type AuditLogFiltersProps = {
  fields: AuditLogFilterFields;
  onChange: (name: keyof AuditLogFilterFields, value: string) => void;
  onClear: () => void;
};

const ALL = 'all';

/** Who, what, on which target and when: each filter narrows the list at once. */
export function AuditLogFilters({ fields, onChange, onClear }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const labels = targetTypeLabels(t);
  // Search fields and the browser's date input: the sign-in screen shares the text field's code
  // with the forms, and a page that imported it too would split that code into more requests.
  const text = (name: 'actorId' | 'targetId' | 'action', label: string, placeholder: string) => (
    <SearchField value={fields[name]} onChange={(value) => onChange(name, value)} className="min-w-40 flex-1">
      <Label>{label}</Label>
      <SearchField.Group>
        <SearchField.Input placeholder={placeholder} />
        <SearchField.ClearButton />
      </SearchField.Group>
    </SearchField>
  );
  const date = (name: 'fromDate' | 'toDate', label: string) => (
    <label className="flex min-w-40 flex-1 flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type="date"
        value={fields[name]}
        onChange={(event) => onChange(name, event.target.value)}
        className="h-9 rounded-xl border border-border bg-field px-3 font-normal text-field-foreground"
      />
    </label>
  );
  return (
    <search aria-label={t('auditLog.filters.label')} className="flex flex-wrap items-end gap-3">
      <Select
        className="min-w-48 flex-1"
        value={fields.targetType || ALL}
        onChange={(key) => onChange('targetType', key === null || key === ALL ? '' : String(key))}
      >
        <Label>{t('auditLog.filters.targetType')}</Label>
        <Select.Trigger>
          <Select.Value />
          <Select.Indicator />
        </Select.Trigger>
        <Select.Popover>
          <ListBox>
            <ListBox.Item id={ALL} textValue={t('auditLog.filters.allTargetTypes')}>
              {t('auditLog.filters.allTargetTypes')}
              <ListBox.ItemIndicator />
            </ListBox.Item>
            {AUDIT_TARGET_TYPES.map((type) => (
              <ListBox.Item key={type} id={type} textValue={labels[type]}>
                {labels[type]}
                <ListBox.ItemIndicator />
              </ListBox.Item>
            ))}
          </ListBox>
        </Select.Popover>
      </Select>
      {text('targetId', t('auditLog.filters.targetId'), t('auditLog.filters.targetIdPlaceholder'))}
      {text('action', t('auditLog.filters.action'), t('auditLog.filters.actionPlaceholder'))}
      {text('actorId', t('auditLog.filters.actorId'), t('auditLog.filters.actorIdPlaceholder'))}
      {date('fromDate', t('auditLog.filters.from'))}
      {date('toDate', t('auditLog.filters.to'))}
      <Button variant="secondary" onPress={onClear}>
        {t('auditLog.filters.clear')}
      </Button>
    </search>
  );
}
