import type { MjmlRenderer, MjmlRendering } from '../../platform/mjml/mjml-renderer.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Replaces `{{ name }}`; unknown names stay visible so a typo in a template is noticed. */
export function substituteVariables(
  template: string,
  variables: Record<string, string>,
  encode: (value: string) => string = escapeHtml,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = variables[name];
    return value === undefined ? whole : encode(value);
  });
}

export type RenderedEmail = { subject: string; html: string; text: string };
type Template = { subject: string; body: string };

const keepAsIs = (value: string) => value;

/** The names of the `{{ name }}` placeholders in a text. */
function placeholderNames(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? ''));
}

/**
 * A template rendered once with its placeholders in place: each mail only fills them in. Used
 * when every placeholder of the MJML comes out of MJML as written; otherwise (MJML rewrote one)
 * each mail is rendered from its own MJML.
 */
type Prepared = { html: string; text: string } | 'per-mail';
type CacheEntry = { result: Promise<Prepared>; failedAt?: number };

/**
 * Mails from templates (decision 12). MJML runs in the render workers, and a template is rendered
 * once per version (its body), not once per mail: registrations that each send a mail share one
 * render, so no number of them fills the workers' line. A template that failed to render is
 * tried again after `retryFailedAfterMs`, not at every mail.
 */
export function createEmailRenderer(deps: {
  mjml: MjmlRenderer;
  now: () => number;
  maxTemplates?: number;
  retryFailedAfterMs?: number;
}) {
  const maxTemplates = deps.maxTemplates ?? 16;
  const retryFailedAfterMs = deps.retryFailedAfterMs ?? 5 * 60_000;
  const cache = new Map<string, CacheEntry>();

  function fromRendering(body: string, rendering: MjmlRendering): Prepared {
    const kept = placeholderNames(rendering.html);
    const intact = [...placeholderNames(body)].every((name) => kept.has(name));
    return intact ? { html: rendering.html, text: rendering.text ?? '' } : 'per-mail';
  }

  function remember(body: string, entry: CacheEntry): void {
    cache.delete(body);
    cache.set(body, entry);
    for (const oldest of cache.keys()) {
      if (cache.size <= maxTemplates) break;
      cache.delete(oldest);
    }
  }

  function prepare(body: string): Promise<Prepared> {
    const hit = cache.get(body);
    if (hit && (hit.failedAt === undefined || deps.now() - hit.failedAt < retryFailedAfterMs)) {
      // Most recently used last: the first entry is the one to drop.
      remember(body, hit);
      return hit.result;
    }
    // Few by construction (one per template version), so they may wait for a worker.
    const result = deps.mjml
      .render(body, { withText: true, mayWait: true })
      .then((rendering) => fromRendering(body, rendering));
    const entry: CacheEntry = { result };
    result.catch(() => {
      entry.failedAt = deps.now();
    });
    remember(body, entry);
    return result;
  }

  return {
    /** Keeps a body's rendering (with its text part) for the mails to come: a saved template's check. */
    keep(body: string, rendering: MjmlRendering): void {
      remember(body, { result: Promise.resolve(fromRendering(body, rendering)) });
    },

    /** The mail from `template` with `variables` filled in; throws when the template does not render. */
    async render(template: Template, variables: Record<string, string>): Promise<RenderedEmail> {
      const subject = substituteVariables(template.subject, variables, keepAsIs);
      const prepared = await prepare(template.body);
      if (prepared === 'per-mail') {
        const rendered = await deps.mjml.render(substituteVariables(template.body, variables), {
          withText: true,
        });
        return { subject, html: rendered.html, text: rendered.text ?? '' };
      }
      return {
        subject,
        html: substituteVariables(prepared.html, variables),
        // The text part is already decoded from HTML: values go in as they are.
        text: substituteVariables(prepared.text, variables, keepAsIs),
      };
    },
  };
}

export type EmailRenderer = ReturnType<typeof createEmailRenderer>;
