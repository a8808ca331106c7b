import { Label, Switch } from '@heroui/react';
import type { ReactNode } from 'react';

type SwitchFieldProps = {
  name?: string | undefined;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  /** The label beside the switch. */
  children: ReactNode;
};

/** An on/off setting of a form, labelled beside its switch. */
export function SwitchField({ name, isSelected, onChange, children }: SwitchFieldProps) {
  return (
    <Switch name={name} isSelected={isSelected} onChange={onChange}>
      <Switch.Content>
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Label>{children}</Label>
      </Switch.Content>
    </Switch>
  );
}
