import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { RegisterForm } from './register-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RegisterForm onSignIn={() => undefined} />
    </QueryClientProvider>,
  );
}

const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });

async function fillIn(password: string, email = 'ada@example.org') {
  await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'ada');
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await userEvent.type(passwordInput(), password);
  await userEvent.type(screen.getByLabelText(/Confirm password/), password);
}

const signUp = () => userEvent.click(screen.getByRole('button', { name: 'Sign up' }));

describe('RegisterForm', () => {
  it('refuses a password under 8 characters itself, in the words of the spec, and sends nothing', async () => {
    const sent = fakeApi({});
    renderForm();
    await fillIn('short');
    await signUp();

    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('drops the server message under a field once it is edited, so the form can be sent again', async () => {
    // The server words its failures as codes: a new message object on every read (issue 13).
    const refused = {
      status: 400,
      body: {
        ...apiError(400, 'Invalid input data.', { email: ['Invalid email address'] }),
        issues: [{ field: 'email', code: 'invalid_format', params: { format: 'email' } }],
      },
    };
    const answers = [refused, { status: 201, body: { id: 2, username: 'ada', email: 'ada@example.org' } }];
    const sent = fakeApi({ 'POST /api/users': () => answers[sent.length - 1] ?? refused });
    renderForm();
    await fillIn('long enough password', 'ada@example');
    await signUp();

    const email = screen.getByRole('textbox', { name: /Email/ });
    const message = 'Please enter a valid email address.';
    // Under the field and in the alert above the form.
    expect(await screen.findAllByText(message)).toHaveLength(2);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toContain('Oops! A small hiccup');

    await userEvent.type(email, '.org');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryAllByText(message)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    await signUp();

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ email: 'ada@example.org', password: 'long enough password' });
  });
});
