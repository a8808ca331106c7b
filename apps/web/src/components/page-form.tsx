import { Form } from '@heroui/react';
import type { ReactNode } from 'react';
import { LinkButton } from './link-button.tsx';
import { SubmitButton } from './submit-button.tsx';

type PageFormProps = {
  onSubmit: () => void;
  /** Where cancel leads: the page the editor was opened from. */
  cancelTo: string;
  cancelLabel: string;
  submitLabel: string;
  isPending: boolean;
  isSubmitDisabled?: boolean | undefined;
  /** The fields. */
  children: ReactNode;
};

/**
 * The form of an editor page: the fields, then cancel and submit at its end. The checks are the
 * app's own, in the app's language; the browser's would not be.
 */
export function PageForm(props: PageFormProps) {
  return (
    <Form
      validationBehavior="aria"
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      {props.children}
      <div className="flex flex-wrap justify-end gap-2">
        <LinkButton to={props.cancelTo} variant="tertiary">
          {props.cancelLabel}
        </LinkButton>
        <SubmitButton isDisabled={props.isSubmitDisabled} isPending={props.isPending}>
          {props.submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
