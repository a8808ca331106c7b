import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client.ts';

/** Messages per field, as a form's `validationErrors` takes them. */
export type FieldErrors = Readonly<Record<string, string[]>>;

const NO_ERRORS: FieldErrors = {};
const NOTHING_EDITED: ReadonlySet<string> = new Set();

/**
 * The server's messages per field of a refused submit (`error`: the mutation's error), each gone
 * as soon as its field is edited (spec 02 §5: cleared when typing). A message that stayed would
 * keep its field invalid, and the browser would refuse to send the form again. The object keeps
 * its identity from render to render: a form tells a new answer of the server by a new object.
 */
export function useServerFieldErrors(error: unknown) {
  const { t } = useTranslation();
  const [edited, setEdited] = useState<{ since: unknown; fields: ReadonlySet<string> }>({
    since: error,
    fields: NOTHING_EDITED,
  });
  // A new answer starts with nothing edited.
  const editedFields = edited.since === error ? edited.fields : NOTHING_EDITED;
  const sent = useMemo(() => (error instanceof ApiError ? error.fieldErrorsIn(t) : NO_ERRORS), [error, t]);
  const errors = useMemo((): FieldErrors => {
    const remaining = Object.entries(sent).filter(([field]) => !editedFields.has(field));
    return remaining.length === Object.keys(sent).length ? sent : Object.fromEntries(remaining);
  }, [sent, editedFields]);

  const clear = (...fields: string[]) => {
    const cleared = fields.filter((field) => Object.hasOwn(errors, field));
    if (cleared.length === 0) return;
    setEdited((current) => ({
      since: error,
      fields: new Set([...(current.since === error ? current.fields : NOTHING_EDITED), ...cleared]),
    }));
  };

  return {
    errors,
    /** The answer named fields, and each has been edited since: the refusal no longer applies. */
    areAllEdited: Object.keys(sent).length > 0 && Object.keys(errors).length === 0,
    /** Called as fields are edited, with their names. */
    clear,
    /** A field's `onChange`: sets its value and drops its message. */
    clearing:
      <T>(field: string, set: (value: T) => void) =>
      (value: T) => {
        set(value);
        clear(field);
      },
  };
}

/** The fields whose values differ, for a group of fields edited through one value. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((field) => after[field] !== before[field]);
}
