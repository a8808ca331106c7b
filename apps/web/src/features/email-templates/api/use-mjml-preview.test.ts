import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { PREVIEW_DEBOUNCE_MS, useMjmlPreview } from './use-mjml-preview.ts';

const PREVIEW = 'POST /api/email-templates/preview-mjml';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the fake fetch answer and React take in the result. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

const renderPreview = (mjml: string) =>
  renderHook(({ value }) => useMjmlPreview(value), { initialProps: { value: mjml } });

describe('the live preview of the MJML body', () => {
  it('renders the first body at once', async () => {
    const sent = fakeApi({
      [PREVIEW]: (body) => ({ status: 200, body: { html: `<p>${JSON.stringify(body)}</p>`, errors: [] } }),
    });
    const { result } = renderPreview('<mjml>first</mjml>');
    await settle();
    expect(sent.map((request) => request.body)).toEqual([{ mjmlContent: '<mjml>first</mjml>' }]);
    expect(result.current).toMatchObject({ status: 'ready', isUpdating: false });
  });

  it('sends a burst of typing once, 500 ms after the last change, and keeps the old render meanwhile', async () => {
    const sent = fakeApi({
      [PREVIEW]: (body) => ({
        status: 200,
        body: { html: (body as { mjmlContent: string }).mjmlContent, errors: [] },
      }),
    });
    const { result, rerender } = renderPreview('a');
    await settle();
    for (const value of ['ab', 'abc', 'abcd']) {
      rerender({ value });
      await act(() => vi.advanceTimersByTimeAsync(200));
    }
    expect(sent).toHaveLength(1);
    expect(result.current).toMatchObject({ status: 'ready', html: 'a', isUpdating: true });

    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 200 - 1));
    expect(sent).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(sent.map((request) => request.body)).toEqual([{ mjmlContent: 'a' }, { mjmlContent: 'abcd' }]);
    expect(result.current).toMatchObject({ status: 'ready', html: 'abcd', isUpdating: false });
  });

  it('reports the server’s refusal of MJML that does not parse', async () => {
    fakeApi({ [PREVIEW]: { status: 400, body: apiError(400, 'Invalid MJML content') } });
    const { result } = renderPreview('not mjml');
    await settle();
    expect(result.current.status).toBe('error');
    expect(result.current.status === 'error' && (result.current.error as Error).message).toBe(
      'Invalid MJML content',
    );
  });
});
