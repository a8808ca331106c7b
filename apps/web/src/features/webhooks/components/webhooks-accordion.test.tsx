import { Toast, toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type CreateWebhookBody,
  type DeliveryLogEntry,
  NEW_WEBHOOK_FORM_VALUES,
  type Webhook,
} from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aResource } from '../../../test/resource-fixture.ts';
import { WebhooksAccordion } from './webhooks-accordion.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  // Toasts live in one queue for the whole file; each test reads only its own.
  toast.clear();
});

const RESOURCE_ID = 3;
const FIRST_SECRET = `whsec_${'a1'.repeat(24)}`;
const SECOND_SECRET = `whsec_${'b2'.repeat(24)}`;

const resource = aResource({
  id: RESOURCE_ID,
  name: 'Laser cutter',
});

function webhookOf(fields: Partial<Webhook> & { id: number; name: string }): Webhook {
  return {
    ...NEW_WEBHOOK_FORM_VALUES,
    resourceId: RESOURCE_ID,
    url: 'https://example.org/hook',
    headers: {},
    credentialHeaders: [],
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...fields,
  };
}

type Call = { method: string; path: string; body: unknown };

/**
 * The webhook API of one resource, kept in memory and answered at the fetch level the way the
 * server answers (webhooks.routes.ts); `refuse` makes one call fail with the given answer.
 */
function serveWebhooks(
  initial: Webhook[],
  options: {
    refuse?: Record<string, { status: number; body: unknown }>;
    deliveries?: DeliveryLogEntry[];
  } = {},
) {
  let webhooks = [...initial];
  const secrets = [FIRST_SECRET, SECOND_SECRET];
  const calls: Call[] = [];
  const base = `/api/resources/${RESOURCE_ID}/webhooks`;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body });
    const refused = options.refuse?.[`${method} ${path}`];
    if (refused) return json(refused.body, refused.status);
    if (path === `/api/resources/${RESOURCE_ID}`) return json(resource);
    if (path === base && method === 'GET') return json(webhooks);
    if (path === base && method === 'POST') {
      const created = webhookOf({ ...(body as CreateWebhookBody), id: 100 + webhooks.length });
      webhooks = [...webhooks, created];
      return json({ ...created, secret: secrets.shift() }, 201);
    }
    const match = path.match(new RegExp(`^${base}/(\\d+)(?:/([a-z-]+))?$`));
    const webhook = webhooks.find((entry) => entry.id === Number(match?.[1]));
    if (!match || !webhook) return json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    const replace = (changed: Webhook) => {
      webhooks = webhooks.map((entry) => (entry.id === changed.id ? changed : entry));
      return json(changed);
    };
    switch (`${method} ${match[2] ?? ''}`) {
      case 'PUT ':
        return replace({ ...webhook, ...(body as Partial<Webhook>) });
      case 'PUT status':
        return replace({ ...webhook, active: (body as { active: boolean }).active });
      case 'DELETE ':
        webhooks = webhooks.filter((entry) => entry !== webhook);
        return json({ message: 'Webhook deleted' });
      case 'POST test':
        return json({ success: true, message: 'Webhook answered HTTP 204' });
      case 'POST regenerate-secret':
        return json({ ...webhook, secret: secrets.shift() });
      case 'GET deliveries':
        return json(options.deliveries ?? []);
      default:
        return json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
    }
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    sent: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

function renderAccordion() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <WebhooksAccordion resourceId={RESOURCE_ID} />
    </QueryClientProvider>,
  );
}

const user = () => userEvent.setup();

/** Replaces a field's text; pasted, since typing would read braces as key names. */
async function replaceText(field: HTMLElement, text: string) {
  await user().clear(field);
  await user().click(field);
  await user().paste(text);
}

/** The preview below a template field, which the field is described by. */
function previewOf(template: HTMLElement): HTMLElement {
  const ids = template.getAttribute('aria-describedby')?.split(' ') ?? [];
  const previews = ids.map((id) => document.getElementById(id)).filter((element) => element !== null);
  const preview = previews.find((element) => element.dataset.preview !== undefined);
  if (!preview) throw new Error('The template field is not described by a preview');
  return preview;
}

async function openNewForm() {
  await user().click(await screen.findByRole('button', { name: 'Add Webhook' }));
  return screen.findByRole('dialog', { name: 'New Webhook' });
}

async function expand(name: string) {
  await user().click(await screen.findByRole('button', { name: new RegExp(name) }));
}

describe('WebhooksAccordion', () => {
  it('lists the webhooks with their state, method and address', async () => {
    serveWebhooks([
      webhookOf({ id: 1, name: 'Door display', method: 'PUT', url: 'https://door.example/state' }),
      webhookOf({ id: 2, name: 'Chat bot', active: false }),
    ]);
    renderAccordion();

    const door = await screen.findByRole('button', { name: /Door display/ });
    expect(within(door).getByText('Active')).toBeTruthy();
    expect(door.textContent).toContain('PUT https://door.example/state');
    expect(within(screen.getByRole('button', { name: /Chat bot/ })).getByText('Inactive')).toBeTruthy();
  });

  it('says so when the resource has no webhooks', async () => {
    serveWebhooks([]);
    renderAccordion();
    expect(await screen.findByText(/No webhooks yet/)).toBeTruthy();
  });

  it('says so when the webhooks cannot be loaded', async () => {
    serveWebhooks([], {
      refuse: {
        [`GET /api/resources/${RESOURCE_ID}/webhooks`]: {
          status: 500,
          body: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
        },
      },
    });
    renderAccordion();
    expect(await screen.findByText('Error loading webhook configurations.')).toBeTruthy();
  });

  it('opens a new webhook prefilled with the defaults of spec 02 §3', async () => {
    serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();

    expect((within(form).getByRole('textbox', { name: /URL/ }) as HTMLInputElement).value).toBe('https://');
    expect((within(form).getByRole('textbox', { name: 'Headers' }) as HTMLTextAreaElement).value).toBe('{}');
    expect(
      (within(form).getByRole('textbox', { name: 'Body when a session starts' }) as HTMLTextAreaElement)
        .value,
    ).toBe(NEW_WEBHOOK_FORM_VALUES.inUseTemplate);
    expect(within(form).getByRole('switch', { name: 'A session starts' })).toHaveProperty('checked', true);
    expect(within(form).getByRole('switch', { name: 'A session is taken over' })).toHaveProperty(
      'checked',
      false,
    );
    expect((within(form).getByRole('textbox', { name: /Signature header/ }) as HTMLInputElement).value).toBe(
      'X-Webhook-Signature',
    );
  });

  it('refuses an address that is not a URL without sending anything', async () => {
    const server = serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    await user().type(within(form).getByRole('textbox', { name: /Name/ }), 'Door display');
    await user().click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid URL')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid URL.')).toBeTruthy();
    expect(server.sent('POST', `/api/resources/${RESOURCE_ID}/webhooks`)).toEqual([]);

    await user().type(within(form).getByRole('textbox', { name: /URL/ }), 'door.example');
    expect(within(form).queryByText('Please enter a valid URL.')).toBeNull();
  });

  it('refuses headers that are not a JSON object of texts without sending anything', async () => {
    const server = serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    await user().type(within(form).getByRole('textbox', { name: /Name/ }), 'Door display');
    await replaceText(within(form).getByRole('textbox', { name: /URL/ }), 'https://door.example/state');
    await replaceText(within(form).getByRole('textbox', { name: 'Headers' }), '["Authorization"]');
    await user().click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invalid Headers')).toBeTruthy();
    expect(within(form).getByText('Headers must be a valid JSON object.')).toBeTruthy();
    expect(server.sent('POST', `/api/resources/${RESOURCE_ID}/webhooks`)).toEqual([]);
  });

  it('previews a template filled with sample values, and fails the preview when it is not JSON', async () => {
    serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    const template = within(form).getByRole('textbox', { name: 'Body when a session starts' });
    await waitFor(() => expect(previewOf(template).textContent).toContain('"resourceName": "Laser cutter"'));
    expect(previewOf(template).textContent).toContain('"username": "example-user"');
    expect(within(form).queryByText('Preview failed')).toBeNull();

    await replaceText(template, 'Resource {{name}} is in use');
    expect(within(previewOf(template)).getByText('Preview failed')).toBeTruthy();
    expect(previewOf(template).textContent).not.toContain('Laser cutter"');

    await replaceText(template, '{"machine": "{{name}}", "by": "{{user.username}}"}');
    expect(within(form).queryByText('Preview failed')).toBeNull();
    expect(previewOf(template).textContent).toContain('"machine": "Laser cutter"');
    expect(previewOf(template).textContent).toContain('"by": "example-user"');
  });

  it('shows the retry settings only while retries are enabled', async () => {
    serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    expect(within(form).queryByRole('textbox', { name: 'Maximum retries' })).toBeNull();
    expect(within(form).queryByRole('textbox', { name: 'Delay between attempts (ms)' })).toBeNull();

    await user().click(within(form).getByRole('switch', { name: 'Retry failed deliveries' }));
    expect((within(form).getByRole('textbox', { name: 'Maximum retries' }) as HTMLInputElement).value).toBe(
      '3',
    );
    expect(
      (within(form).getByRole('textbox', { name: 'Delay between attempts (ms)' }) as HTMLInputElement).value,
    ).toMatch(/^1,?000$/);

    await user().click(within(form).getByRole('switch', { name: 'Retry failed deliveries' }));
    expect(within(form).queryByRole('textbox', { name: 'Maximum retries' })).toBeNull();
  });

  it('refuses to test a webhook that is not saved yet, and says why', async () => {
    serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    const test = within(form).getByRole('button', { name: 'Test' });
    expect(test.hasAttribute('disabled')).toBe(true);
    expect(within(form).getByText('Not possible yet')).toBeTruthy();
    expect(within(form).getByText('Testing unsaved webhooks is not yet supported.')).toBeTruthy();
  });

  it('creates the webhook, closes the form, lists it and shows its secret only once', async () => {
    const server = serveWebhooks([]);
    renderAccordion();
    const form = await openNewForm();
    await user().type(within(form).getByRole('textbox', { name: /Name/ }), ' Door display ');
    await replaceText(within(form).getByRole('textbox', { name: /URL/ }), 'https://door.example/state');
    await replaceText(
      within(form).getByRole('textbox', { name: 'Headers' }),
      '{"Authorization": "Bearer abc"}',
    );
    await user().click(within(form).getByRole('button', { name: 'Save' }));

    const secretDialog = await screen.findByRole('dialog', { name: /Signing secret of "Door display"/ });
    expect((within(secretDialog).getByRole('textbox', { name: 'Secret' }) as HTMLInputElement).value).toBe(
      FIRST_SECRET,
    );
    expect(within(secretDialog).getByText(/It will not be shown again/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'New Webhook' })).toBeNull();
    const [created] = server.sent('POST', `/api/resources/${RESOURCE_ID}/webhooks`);
    expect(created?.body).toEqual({
      ...NEW_WEBHOOK_FORM_VALUES,
      name: 'Door display',
      url: 'https://door.example/state',
      headers: { Authorization: 'Bearer abc' },
    });

    await user().click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: /Door display/ })).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
  });

  it('shows a regenerated secret once, after a confirmation', async () => {
    const server = serveWebhooks([webhookOf({ id: 1, name: 'Door display' })]);
    renderAccordion();
    await expand('Door display');
    await user().click(screen.getByRole('button', { name: 'Regenerate secret' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Regenerate the secret/ });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user().click(within(confirm).getByRole('button', { name: 'Regenerate' }));

    const secretDialog = await screen.findByRole('dialog', { name: /Signing secret/ });
    expect((within(secretDialog).getByRole('textbox', { name: 'Secret' }) as HTMLInputElement).value).toBe(
      FIRST_SECRET,
    );
    expect(server.sent('POST', `/api/resources/${RESOURCE_ID}/webhooks/1/regenerate-secret`)).toHaveLength(1);
    await user().click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(FIRST_SECRET);
  });

  it('switches a webhook off through the status call and shows it inactive', async () => {
    const server = serveWebhooks([webhookOf({ id: 1, name: 'Door display' })]);
    renderAccordion();
    await expand('Door display');
    await user().click(screen.getByRole('button', { name: 'Deactivate' }));

    const trigger = screen.getByRole('button', { name: /Door display/ });
    await waitFor(() => expect(within(trigger).getByText('Inactive')).toBeTruthy());
    expect(server.sent('PUT', `/api/resources/${RESOURCE_ID}/webhooks/1/status`)[0]?.body).toEqual({
      active: false,
    });
    expect(screen.getByRole('button', { name: 'Activate' })).toBeTruthy();
  });

  it('tests a saved webhook and shows the receiver’s answer', async () => {
    serveWebhooks([webhookOf({ id: 1, name: 'Door display' })]);
    renderAccordion();
    await expand('Door display');
    await user().click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Webhook test succeeded')).toBeTruthy();
    expect(screen.getByText('The receiver answered HTTP 204.')).toBeTruthy();
  });

  it('deletes a webhook after a confirmation that says it cannot be undone', async () => {
    const server = serveWebhooks([webhookOf({ id: 1, name: 'Door display' })]);
    renderAccordion();
    await expand('Door display');
    await user().click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: /Delete the webhook/ });
    expect(within(confirm).getByText('This action cannot be undone.')).toBeTruthy();
    await user().click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(/No webhooks yet/)).toBeTruthy();
    expect(server.sent('DELETE', `/api/resources/${RESOURCE_ID}/webhooks/1`)).toHaveLength(1);
  });

  it('shows the recent deliveries of an opened webhook', async () => {
    serveWebhooks([webhookOf({ id: 1, name: 'Door display' })], {
      deliveries: [
        {
          id: 7,
          eventType: 'usage.started',
          status: 'failed',
          attempts: 4,
          lastError: 'HTTP 503',
          createdAt: new Date(2026, 10, 25, 9, 5).toISOString(),
          finishedAt: null,
        },
      ],
    });
    renderAccordion();
    await expand('Door display');
    const table = await screen.findByRole('grid', { name: 'Recent deliveries' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('25/11/2026 09:05');
    expect(row.textContent).toContain('Session started');
    expect(row.textContent).toContain('4');
    expect(row.textContent).toContain('Failed');
    expect(row.textContent).toContain('HTTP 503');
  });

  it('shows the server’s field messages and keeps the form open when the save is refused', async () => {
    serveWebhooks([webhookOf({ id: 1, name: 'Door display' })], {
      refuse: {
        [`PUT /api/resources/${RESOURCE_ID}/webhooks/1`]: {
          status: 400,
          body: {
            statusCode: 400,
            error: 'Bad Request',
            message: 'Invalid input',
            errors: { url: ['Please enter a valid URL.'] },
            issues: [{ field: 'url', code: 'custom' }],
          },
        },
      },
    });
    renderAccordion();
    await expand('Door display');
    await user().click(screen.getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: 'Edit "Door display"' });
    await user().click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to save webhook configuration.')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid URL.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit "Door display"' })).toBeTruthy();
  });
});
