import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toResourceGroupFields } from '../api/resource-group-fields.ts';

type FieldName = 'name' | 'description';
type FieldErrors = Record<string, string[]>;

/**
 * State of the group modal and details form: the two texts, what they would send, and the
 * server's messages per field of the last failed submit, each gone as soon as its field is
 * edited (spec 02 §5: cleared when typing).
 */
export function useResourceGroupForm(initial: { name: string; description: string | null }) {
  const [texts, setTexts] = useState({ name: initial.name, description: initial.description ?? '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const edit = (field: FieldName) => (value: string) => {
    setTexts((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  /** Shows the field messages of a failed submit; answers whether there were any. */
  const showErrorsOf = (error: unknown): boolean => {
    const errors = error instanceof ApiError ? error.fieldErrors : {};
    setFieldErrors(errors);
    return Object.keys(errors).length > 0;
  };

  return {
    name: texts.name,
    description: texts.description,
    setName: edit('name'),
    setDescription: edit('description'),
    fields: toResourceGroupFields(texts.name, texts.description),
    fieldErrors,
    showErrorsOf,
  };
}

export type ResourceGroupFormState = ReturnType<typeof useResourceGroupForm>;
