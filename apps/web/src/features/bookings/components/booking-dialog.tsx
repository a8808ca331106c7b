import { Button, Label, ListBox, Radio, RadioGroup, Select } from '@heroui/react';
import type { Booking, BookingKind, Resource, UserRef } from '@toolpass/contracts';
import { DEFAULT_BOOKING_SLOT_MINUTES } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { ModalForm } from '../../../components/modal-form.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { UserPicker } from '../../introductions/components/user-picker.tsx';
import { useCreateBooking, useMoveBooking } from '../api/use-bookings.ts';
import { formatDay, formatMinutes, slotTime } from '../week.ts';

type BookingDialogProps = {
  resource: Resource;
  /** The slot the dialog was opened on; null while closed. */
  slotStart: Date | null;
  /** A booking to move instead (its holder or a manager, before it began); null for a new one. */
  moving?: Booking | null;
  /** Asks to cancel the booking being moved (the calendar confirms it). */
  onCancelBooking?: (booking: Booking) => void;
  /** Managers may book for someone else and block time. */
  isManager: boolean;
  now: Date;
  onClose: () => void;
};

/**
 * Books a span of one day, starting and ending on the resource's slot step, or moves a booking
 * within its day (to another day: cancel and book again).
 */
export function BookingDialog({
  resource,
  slotStart,
  moving = null,
  onCancelBooking,
  isManager,
  now,
  onClose,
}: BookingDialogProps) {
  const start = moving ? new Date(moving.start) : slotStart;
  return (
    <ModalShell isOpen={start !== null} onClose={onClose}>
      {start && (
        <BookingForm
          resource={resource}
          slotStart={start}
          moving={moving}
          isManager={isManager}
          now={now}
          onDone={onClose}
          onCancelBooking={onCancelBooking}
        />
      )}
    </ModalShell>
  );
}

type Purpose = 'self' | 'someone' | 'block';

function BookingForm({
  resource,
  slotStart,
  moving,
  isManager,
  now,
  onDone,
  onCancelBooking,
}: Omit<BookingDialogProps, 'slotStart' | 'onClose'> & { slotStart: Date; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateBooking(resource.id);
  const move = useMoveBooking();
  const minutesOf = (at: Date) => at.getHours() * 60 + at.getMinutes();
  const step = resource.bookingSlotMinutes ?? DEFAULT_BOOKING_SLOT_MINUTES;
  const day = new Date(slotStart.getFullYear(), slotStart.getMonth(), slotStart.getDate());
  const nowMinutes = formatDay(day) === formatDay(now) ? now.getHours() * 60 + now.getMinutes() : -1;
  const startOptions = timesOfDay(step, 0, 24 * 60 - step).filter((minutes) => minutes + step > nowMinutes);
  const [start, setStart] = useState(slotStart.getHours() * 60 + slotStart.getMinutes());
  const shortest = Math.max(step, resource.bookingMinMinutes ?? step);
  const longest = resource.bookingMaxMinutes ?? 24 * 60;
  const [end, setEnd] = useState(() =>
    moving
      ? Math.min(24 * 60, minutesOf(new Date(moving.end)) || 24 * 60)
      : Math.min(24 * 60, start + roundUp(shortest, step)),
  );
  const endOptions = timesOfDay(step, start + step, Math.min(24 * 60, start + longest));
  const [purpose, setPurpose] = useState<Purpose>('self');
  const [someone, setSomeone] = useState<UserRef | null>(null);
  const [missingUser, setMissingUser] = useState(false);
  const failure = moving ? move.error : create.error;
  const refusal = failure ? translateServerMessage(t, failure.message) : undefined;

  const changeStart = (minutes: number) => {
    setStart(minutes);
    // The end keeps the length chosen so far, within the day.
    setEnd(Math.min(24 * 60, minutes + Math.max(step, end - start)));
  };

  return (
    <ModalForm
      title={t(moving ? 'bookings.dialog.moveTitle' : 'bookings.dialog.title', {
        name: resource.name,
        day: formatDay(day),
      })}
      wrapTitle
      bodyClassName="flex flex-col gap-4"
      cancelLabel={t('bookings.dialog.cancel')}
      submitLabel={
        moving
          ? t('bookings.dialog.move')
          : purpose === 'block'
            ? t('bookings.dialog.block')
            : t('bookings.dialog.book')
      }
      isPending={create.isPending || move.isPending}
      start={
        moving && onCancelBooking ? (
          <Button variant="danger-soft" onPress={() => onCancelBooking(moving)}>
            {t('bookings.dialog.cancelBooking')}
          </Button>
        ) : undefined
      }
      onSubmit={() => {
        if (moving) {
          move.mutate(
            { booking: moving, start: slotTime(day, start), end: slotTime(day, end) },
            {
              onSuccess: () => {
                notifySuccess(t('bookings.dialog.moved'));
                onDone();
              },
            },
          );
          return;
        }
        if (purpose === 'someone' && !someone) {
          setMissingUser(true);
          return;
        }
        create.mutate(
          {
            start: slotTime(day, start),
            end: slotTime(day, end),
            kind: (purpose === 'block' ? 'block' : 'booking') satisfies BookingKind,
            userId: purpose === 'someone' ? someone?.id : undefined,
          },
          {
            onSuccess: () => {
              notifySuccess(purpose === 'block' ? t('bookings.dialog.blocked') : t('bookings.dialog.booked'));
              onDone();
            },
          },
        );
      }}
    >
      {refusal && (
        <FormErrorAlert
          title={moving ? t('bookings.dialog.moveFailed') : t('bookings.dialog.failed')}
          message={refusal}
        />
      )}
      {moving && <p className="text-sm text-muted">{t('bookings.dialog.moveHint')}</p>}
      <div className="grid grid-cols-2 gap-4">
        <TimeSelect
          label={t('bookings.dialog.start')}
          value={start}
          options={startOptions}
          onChange={changeStart}
        />
        <TimeSelect
          label={t('bookings.dialog.end')}
          value={end}
          options={endOptions.includes(end) ? endOptions : [...endOptions, end]}
          onChange={setEnd}
        />
      </div>
      {isManager && !moving && (
        <RadioGroup
          variant="secondary"
          name="purpose"
          value={purpose}
          onChange={(value) => setPurpose(value as Purpose)}
        >
          <Label>{t('bookings.dialog.purpose')}</Label>
          {(['self', 'someone', 'block'] as const).map((option) => (
            <Radio key={option} value={option}>
              <Radio.Content>
                <Radio.Control>
                  <Radio.Indicator />
                </Radio.Control>
                {t(`bookings.dialog.purposes.${option}`)}
              </Radio.Content>
            </Radio>
          ))}
        </RadioGroup>
      )}
      {purpose === 'someone' && (
        <>
          <UserPicker
            label={t('bookings.dialog.member')}
            onSelectionChange={(user) => {
              setSomeone(user);
              setMissingUser(false);
            }}
          />
          {missingUser && <p className="text-sm text-danger">{t('bookings.dialog.memberRequired')}</p>}
        </>
      )}
    </ModalForm>
  );
}

type TimeSelectProps = {
  label: string;
  value: number;
  options: number[];
  onChange: (minutes: number) => void;
};

/** A time of the day on the slot step, 24-hour. */
function TimeSelect({ label, value, options, onChange }: TimeSelectProps) {
  return (
    <Select
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(Number(key));
      }}
    >
      <Label>{label}</Label>
      <Select.Trigger>
        <Select.Value />
        <Select.Indicator />
      </Select.Trigger>
      <Select.Popover>
        <ListBox>
          {options.map((minutes) => (
            <ListBox.Item key={minutes} id={minutes} textValue={formatMinutes(minutes)}>
              {formatMinutes(minutes)}
              <ListBox.ItemIndicator />
            </ListBox.Item>
          ))}
        </ListBox>
      </Select.Popover>
    </Select>
  );
}

/** Every time of the day from `from` to `to` (minutes, both included) on the step. */
function timesOfDay(step: number, from: number, to: number): number[] {
  const times: number[] = [];
  for (let minutes = Math.ceil(from / step) * step; minutes <= to; minutes += step) times.push(minutes);
  return times;
}

const roundUp = (minutes: number, step: number) => Math.ceil(minutes / step) * step;
