import { screen, within } from '@testing-library/react';
import type { EmailTemplate } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { EmailTemplateList } from './email-template-list.tsx';

const templates: EmailTemplate[] = [
  { type: 'verify-email', subject: 'Confirm your email address', body: '<mjml/>', variables: ['url'] },
  { type: 'reset-password', subject: 'Reset your password', body: '<mjml/>', variables: ['url'] },
];

afterEach(() => vi.unstubAllGlobals());

const renderList = () =>
  renderRoute(<EmailTemplateList />, { path: '/email-templates', pattern: '/email-templates' });

describe('email template list', () => {
  it('lists each template with its type, subject and a link to its editor', async () => {
    fakeApi({ 'GET /api/email-templates': { status: 200, body: templates } });
    renderList();
    const table = await screen.findByRole('grid', { name: 'Email templates' });
    const row = within(table).getByRole('row', { name: /Password Reset/ });
    expect(within(row).getByText('Reset your password')).toBeTruthy();
    expect(within(row).getByText('reset-password')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Password Reset' }).getAttribute('href')).toBe(
      '/email-templates/reset-password',
    );
    expect(within(table).getByRole('row', { name: /Email Verification/ })).toBeTruthy();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fakeApi({ 'GET /api/email-templates': { status: 500, body: apiError(500, 'Internal Server Error') } });
    renderList();
    expect(await screen.findByText('Error loading email templates.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
