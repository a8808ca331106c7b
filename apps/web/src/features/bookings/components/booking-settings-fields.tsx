import { Description, Label, Radio, RadioGroup } from '@heroui/react';
import { BOOKING_MODES, type BookingMode, type Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { RuleNumberField, ruleErrorText, ruleText } from '../../../components/rule-number-field.tsx';

/** A resource's booking mode and, for bookable ones, its rules as typed; empty meaning none (decision 23). */
export type BookingSettingsText = {
  bookingMode: BookingMode;
  bookingSlotMinutes: string;
  bookingMinMinutes: string;
  bookingMaxMinutes: string;
  bookingHorizonDays: string;
  bookingMaxHoursPerWeek: string;
};

type NumberField = Exclude<keyof BookingSettingsText, 'bookingMode'>;

/** The saved settings as the form shows them; a new resource is walk-up only. */
export function bookingSettingsText(resource: Resource | undefined): BookingSettingsText {
  return {
    bookingMode: resource?.bookingMode ?? 'walk-up',
    bookingSlotMinutes: ruleText(resource?.bookingSlotMinutes),
    bookingMinMinutes: ruleText(resource?.bookingMinMinutes),
    bookingMaxMinutes: ruleText(resource?.bookingMaxMinutes),
    bookingHorizonDays: ruleText(resource?.bookingHorizonDays),
    bookingMaxHoursPerWeek: ruleText(resource?.bookingMaxHoursPerWeek),
  };
}

type BookingSettingsFieldsProps = {
  value: BookingSettingsText;
  onChange: (value: BookingSettingsText) => void;
  fieldErrors: Record<string, string[] | undefined>;
};

const NUMBER_FIELDS: NumberField[] = [
  'bookingSlotMinutes',
  'bookingMinMinutes',
  'bookingMaxMinutes',
  'bookingHorizonDays',
  'bookingMaxHoursPerWeek',
];

/** Walk-up, bookable or wait list, and the rules of bookings, in the resource form. */
export function BookingSettingsFields({ value, onChange, fieldErrors }: BookingSettingsFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-medium">{t('bookings.settings.legend')}</legend>
      <RadioGroup
        variant="secondary"
        name="bookingMode"
        value={value.bookingMode}
        onChange={(mode) => onChange({ ...value, bookingMode: mode as BookingMode })}
      >
        <Label>{t('bookings.settings.mode')}</Label>
        {BOOKING_MODES.map((mode) => (
          <Radio key={mode} value={mode}>
            <Radio.Content>
              <Radio.Control>
                <Radio.Indicator />
              </Radio.Control>
              <div className="flex flex-col">
                <span>{t(`bookings.settings.modes.${mode}`)}</span>
                <Description>{t(`bookings.settings.modeHints.${mode}`)}</Description>
              </div>
            </Radio.Content>
          </Radio>
        ))}
      </RadioGroup>
      {value.bookingMode === 'bookable' &&
        NUMBER_FIELDS.map((name) => (
          <RuleNumberField
            key={name}
            name={name}
            label={t(`bookings.settings.fields.${name}`)}
            description={t(`bookings.settings.fields.${name}Hint`)}
            value={value[name]}
            onChange={(text) => onChange({ ...value, [name]: text })}
            error={ruleErrorText(t, fieldErrors[name]?.[0])}
          />
        ))}
    </fieldset>
  );
}
