import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EmailTemplate } from '@toolpass/contracts';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { EmailTemplateEditor } from './email-template-editor.tsx';

const template: EmailTemplate = {
  type: 'reset-password',
  language: 'en',
  subject: 'Reset your password',
  body: '<mjml><mj-body><mj-text>Hello </mj-text></mj-body></mjml>',
  variables: ['user.username', 'url', 'host'],
};
const PATH = '/api/email-templates/reset-password';

afterEach(() => vi.unstubAllGlobals());

function LocationStandIn() {
  return <p>Now at {useLocation().pathname}</p>;
}

/** The editor in a data router (the unsaved-changes question needs one), as the app renders it. */
function renderEditor() {
  const router = createMemoryRouter(
    [
      {
        path: '/email-templates/:type',
        element: <EmailTemplateEditor type="reset-password" language="en" />,
      },
      { path: '*', element: <LocationStandIn /> },
    ],
    { initialEntries: ['/email-templates/reset-password'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const routes = (overrides: Parameters<typeof fakeApi>[0] = {}) => ({
  [`GET ${PATH}`]: { status: 200, body: template },
  'POST /api/email-templates/preview-mjml': {
    status: 200,
    body: { html: '<p>Rendered mail</p>', errors: [] },
  },
  [`PATCH ${PATH}`]: (body: unknown) => ({ status: 200, body: { ...template, ...(body as object) } }),
  ...overrides,
});

const subjectField = () => screen.findByRole('textbox', { name: 'Subject' });
const previewFrame = () => screen.findByTitle('Preview of the email');

describe('email template editor', () => {
  it('shows the subject, the body in a labelled editor, the variables and the preview', async () => {
    fakeApi(routes());
    renderEditor();
    expect(((await subjectField()) as HTMLInputElement).value).toBe('Reset your password');
    const editor = screen.getByRole('textbox', { name: 'Body (MJML)' });
    expect(editor.textContent).toContain('<mj-text>Hello </mj-text>');
    expect(editor.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Insert {{user.username}}' })).toBeTruthy();
    const frame = await previewFrame();
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Rendered mail'));
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(screen.getByRole('link', { name: /MJML documentation/ }).getAttribute('href')).toMatch(/mjml/);
  });

  it('asks before leaving with unsaved changes, and stays when asked to', async () => {
    fakeApi(routes());
    renderEditor();
    await userEvent.type(await subjectField(), ' now');
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(((await subjectField()) as HTMLInputElement).value).toBe('Reset your password now');

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByText('Now at /email-templates')).toBeTruthy();
  });

  it('saves the subject and a variable inserted at the cursor, then leaves without asking', async () => {
    const sent = fakeApi(routes());
    renderEditor();
    const subject = await subjectField();
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Reset for {{{{user.username}}');
    await userEvent.click(screen.getByRole('button', { name: 'Insert {{user.username}}' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(1));
    const patch = sent.find((request) => request.method === 'PATCH')?.body as {
      subject: string;
      body: string;
    };
    expect(patch.subject).toBe('Reset for {{user.username}}');
    // The editor's cursor starts at the beginning of the body.
    expect(patch.body).toBe(`{{user.username}}${template.body}`);
    expect(await screen.findByText('Password Reset template saved')).toBeTruthy();

    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Now at /email-templates')).toBeTruthy();
  });

  it('shows a preview that fails in red inside the frame, with the reason', async () => {
    fakeApi(
      routes({
        'POST /api/email-templates/preview-mjml': {
          status: 400,
          body: apiError(400, 'Invalid MJML content'),
        },
      }),
    );
    renderEditor();
    const frame = await previewFrame();
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Error loading preview.'));
    expect(frame.getAttribute('srcdoc')).toContain('Invalid MJML content');
    expect(frame.getAttribute('srcdoc')).toContain('color:#b91c1c');
  });

  it('lists the problems MJML found by line, and says why a save with them was refused', async () => {
    const problems = [
      {
        line: 3,
        tagName: 'mj-text',
        code: 'misplacedTag',
        params: { tag: 'mj-text', parent: 'mj-section', allowed: 'mj-attributes, mj-column, mj-hero' },
        message: 'mj-text cannot be used inside mj-section, only inside: mj-attributes, mj-column, mj-hero',
      },
      {
        line: 5,
        tagName: 'mj-column',
        code: 'unclosedTag',
        params: { tag: 'mj-column' },
        message: '<mj-column> is not closed',
      },
      { line: 7, tagName: 'mj-image', code: 'other', message: 'Attribute width has invalid value: wide' },
    ];
    fakeApi(
      routes({
        'POST /api/email-templates/preview-mjml': {
          status: 200,
          body: { html: '<p>Mail</p>', errors: problems },
        },
        [`PATCH ${PATH}`]: {
          status: 400,
          body: apiError(400, 'Invalid MJML content', {
            body: ['Line 3 (mj-text): mj-text cannot be used inside mj-section, only inside: mj-attributes'],
          }),
        },
      }),
    );
    renderEditor();
    const list = await screen.findByRole('region', { name: 'Problems MJML found (3)' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 3: <mj-text> cannot be used inside <mj-section>, only inside: mj-attributes, mj-column, mj-hero.',
      'Line 5: <mj-column> is not closed.',
      'Line 7: Attribute width has invalid value: wide',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText(
        'Invalid MJML content: fix the problems listed below the editor, then save again.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('Failed to save the email template.')).toBeTruthy();
  });

  it('shows no problem list for sound MJML', async () => {
    fakeApi(routes());
    renderEditor();
    const frame = await previewFrame();
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('Rendered mail'));
    expect(screen.queryByRole('region', { name: /Problems MJML found/ })).toBeNull();
  });

  it('says so in the preview when the template takes too long to render', async () => {
    fakeApi(
      routes({
        'POST /api/email-templates/preview-mjml': {
          status: 400,
          body: apiError(400, 'The template takes longer than 2 seconds to render'),
        },
      }),
    );
    renderEditor();
    const frame = await previewFrame();
    await waitFor(() =>
      expect(frame.getAttribute('srcdoc')).toContain('The template takes longer than 2 seconds to render.'),
    );
  });

  it('restores the default after confirmation', async () => {
    const restored = { ...template, subject: 'Default subject', body: '<mjml>default</mjml>' };
    const sent = fakeApi(routes({ [`POST ${PATH}/restore-default`]: { status: 200, body: restored } }));
    renderEditor();
    await userEvent.type(await subjectField(), ' edited');
    await userEvent.click(screen.getByRole('button', { name: 'Restore default' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Restore the default Password Reset template?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore default' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Subject' }) as HTMLInputElement).value).toBe(
        'Default subject',
      ),
    );
    expect(
      sent.some((request) => request.method === 'POST' && request.path.endsWith('/restore-default')),
    ).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Body (MJML)' }).textContent).toBe('<mjml>default</mjml>');

    // Restored is saved: leaving does not ask.
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText('Now at /email-templates')).toBeTruthy();
  });

  it('says when the template does not exist', async () => {
    fakeApi(routes({ [`GET ${PATH}`]: { status: 404, body: apiError(404, 'Template not found') } }));
    renderEditor();
    expect(await screen.findByText('Template not found')).toBeTruthy();
  });
});
