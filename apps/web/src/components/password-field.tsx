import { Button, InputGroup, Label, TextField } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { TranslatedFieldError } from './translated-field-error.tsx';

type PasswordFieldProps = {
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  minLength?: number;
  errorMessage?: string | undefined;
};

/** A required password input with a show/hide toggle. */
export function PasswordField({
  name,
  label,
  autoComplete,
  value,
  onChange,
  minLength,
  errorMessage,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      isRequired
      name={name}
      type={isVisible ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      minLength={minLength}
      isInvalid={errorMessage ? true : undefined}
      validate={(current) =>
        minLength !== undefined && current.length > 0 && current.length < minLength
          ? t('validation.passwordTooShort', { count: minLength })
          : null
      }
    >
      <Label>{label}</Label>
      <InputGroup>
        <InputGroup.Input />
        <InputGroup.Suffix className="pr-1">
          <Button
            isIconOnly
            size="sm"
            variant="ghost"
            aria-label={isVisible ? t('password.hide') : t('password.show')}
            onPress={() => setIsVisible((visible) => !visible)}
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
        </InputGroup.Suffix>
      </InputGroup>
      <TranslatedFieldError serverMessage={errorMessage} />
    </TextField>
  );
}
