import { useState } from 'react';
import { useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import { toResourceGroupFields } from '../api/resource-group-fields.ts';

/**
 * State of the group modal and details form: the two texts, what they would send, and the
 * server's messages per field of the last failed submit (`error`: the save's error), each gone as
 * soon as its field is edited (spec 02 §5: cleared when typing).
 */
export function useResourceGroupForm(initial: { name: string; description: string | null }, error: unknown) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description ?? '');
  const serverErrors = useServerFieldErrors(error);

  return {
    name,
    description,
    setName: serverErrors.clearing('name', setName),
    setDescription: serverErrors.clearing('description', setDescription),
    fields: toResourceGroupFields(name, description),
    fieldErrors: serverErrors.errors,
  };
}

export type ResourceGroupFormState = ReturnType<typeof useResourceGroupForm>;
