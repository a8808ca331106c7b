import type { MjmlProblem, PreviewMjmlResult } from '@toolpass/contracts';
import { useEffect, useState } from 'react';
import { apiClient } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { previewMjmlPath } from './email-templates-queries.ts';

/** Spec 02 §4, §9: each change is rendered once the editor has been still this long. */
export const PREVIEW_DEBOUNCE_MS = 500;

export type MjmlPreview =
  | { status: 'pending' }
  | { status: 'ready'; html: string; errors: MjmlProblem[] }
  | { status: 'error'; error: unknown };

/**
 * The server's rendering of `mjml` and the problems it found, 500 ms after it last changed. The last rendering stays shown
 * while the next one is on its way, and an answer that arrives after a newer request is dropped.
 * Not a query: the cache would keep every draft (and the offline cache would store them).
 */
export function useMjmlPreview(mjml: string): MjmlPreview & { isUpdating: boolean } {
  const settled = useDebouncedValue(mjml, PREVIEW_DEBOUNCE_MS);
  const [preview, setPreview] = useState<MjmlPreview>({ status: 'pending' });
  const [renderedFor, setRenderedFor] = useState<string | undefined>(undefined);

  useEffect(() => {
    let isCurrent = true;
    apiClient.post<PreviewMjmlResult>(previewMjmlPath, { mjmlContent: settled }).then(
      (result) => {
        if (!isCurrent) return;
        setPreview({ status: 'ready', html: result.html, errors: result.errors });
        setRenderedFor(settled);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setPreview({ status: 'error', error });
        setRenderedFor(settled);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [settled]);

  return { ...preview, isUpdating: renderedFor !== mjml };
}
