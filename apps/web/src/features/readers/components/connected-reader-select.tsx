import { Description, Label, ListBox, Select } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useConnectedReaders } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';

type ConnectedReaderSelectProps = {
  value: number | null;
  onChange: (readerId: number | null) => void;
  isDisabled?: boolean;
  error?: string | undefined;
};

/** The connected reader a card will be tapped on, for enrolment and reset (spec 02 §6). */
export function ConnectedReaderSelect({ value, onChange, isDisabled, error }: ConnectedReaderSelectProps) {
  const { t } = useTranslation();
  const readers = useConnectedReaders();
  const noneConnected = readers.isSuccess && readers.data.length === 0;
  // A reader that went away while chosen is no longer offered, so the choice is cleared.
  const problem = readers.isError
    ? `${t('nfcCards.readersLoadFailed')}: ${readerErrorDetail(t, readers.error)}`
    : error;
  const chosen = readers.data?.some((reader) => reader.id === value) ? value : null;
  return (
    <Select
      variant="secondary"
      name="readerId"
      className="w-full min-w-0"
      isRequired
      isDisabled={isDisabled || !readers.isSuccess || noneConnected}
      placeholder={readers.isPending ? t('nfcCards.readersLoading') : t('nfcCards.readerPlaceholder')}
      value={chosen}
      onChange={(key) => onChange(key === null ? null : Number(key))}
      isInvalid={problem !== undefined}
    >
      <Label>{t('nfcCards.reader')}</Label>
      <Select.Trigger>
        <Select.Value className="[overflow-wrap:anywhere]" />
        <Select.Indicator />
      </Select.Trigger>
      {noneConnected && <Description>{t('nfcCards.noConnectedReader')}</Description>}
      {problem !== undefined && (
        // Plain text, not FieldError: that component would split a chunk the sign-in screen loads.
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <Select.Popover>
        <ListBox items={readers.data ?? []}>
          {(reader) => (
            <ListBox.Item id={reader.id} textValue={reader.name}>
              <span className="[overflow-wrap:anywhere]">{reader.name}</span>
              <ListBox.ItemIndicator />
            </ListBox.Item>
          )}
        </ListBox>
      </Select.Popover>
    </Select>
  );
}
