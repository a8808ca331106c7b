import { screen, within } from '@testing-library/react';
import type { EmailTemplate } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { EmailTemplateList } from './email-template-list.tsx';

const templates: EmailTemplate[] = [
  {
    type: 'verify-email',
    language: 'en',
    subject: 'Confirm your email address',
    body: '<mjml/>',
    variables: ['url'],
  },
  {
    type: 'reset-password',
    language: 'en',
    subject: 'Reset your password',
    body: '<mjml/>',
    variables: ['url'],
  },
];
const germanTemplates: EmailTemplate[] = templates.map((template) => ({
  ...template,
  language: 'de',
  subject:
    template.type === 'reset-password' ? 'Setze dein Passwort zurück' : 'Bestätige deine E-Mail-Adresse',
}));

afterEach(() => vi.unstubAllGlobals());

const renderList = (path = '/email-templates') =>
  renderRoute(<EmailTemplateList />, { path, pattern: '/email-templates' });

describe('email template list', () => {
  it('lists each template with its type, subject and a link to its editor', async () => {
    fakeApi({ 'GET /api/email-templates': { status: 200, body: templates } });
    renderList();
    const table = await screen.findByRole('grid', { name: 'Email templates in English' });
    const row = within(table).getByRole('row', { name: /Password Reset/ });
    expect(within(row).getByText('Reset your password')).toBeTruthy();
    expect(within(row).getByText('reset-password')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Password Reset' }).getAttribute('href')).toBe(
      '/email-templates/reset-password?language=en',
    );
    expect(within(table).getByRole('row', { name: /Email Verification/ })).toBeTruthy();
  });

  it('shows the German templates when German is chosen, with links to their editors', async () => {
    const sent = fakeApi({ 'GET /api/email-templates': { status: 200, body: germanTemplates } });
    renderList('/email-templates?language=de');
    const table = await screen.findByRole('grid', { name: 'Email templates in Deutsch' });
    const row = within(table).getByRole('row', { name: /Password Reset/ });
    expect(within(row).getByText('Setze dein Passwort zurück')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Password Reset' }).getAttribute('href')).toBe(
      '/email-templates/reset-password?language=de',
    );
    const languages = screen.getByRole('navigation', { name: 'Language of the mails' });
    expect(within(languages).getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(languages).getByRole('link', { name: 'English' }).getAttribute('href')).toBe(
      '/email-templates?language=en',
    );
    expect(sent.map((request) => request.path)).toEqual(['/api/email-templates']);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/email-templates': { status: 500, body: apiError(500, 'Internal Server Error') } });
    renderList();
    expect(await screen.findByText('Error loading email templates.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
