import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { ResourceGroupRulesForm } from './resource-group-rules-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const group = {
  id: 3,
  name: 'Wood shop',
  description: null,
  introductionValidForDays: null,
  introductionExpiresAfterUnusedDays: null,
};

describe('ResourceGroupRulesForm', () => {
  it("drops the server's message under a rule once it is edited, so the rules can be saved again", async () => {
    const answers = [
      {
        status: 400,
        body: apiError(400, 'Invalid input data.', {
          introductionValidForDays: [ResourceMessages.positiveWholeNumber],
        }),
      },
      { status: 200, body: { ...group, introductionValidForDays: 30 } },
    ];
    const sent = fakeApi({ 'PUT /api/resource-groups/3': () => answers[sent.length - 1] ?? { status: 500 } });
    renderRoute(<ResourceGroupRulesForm group={group} />, { path: '/resource-groups/3', pattern: '*' });
    const validFor = screen.getByRole('spinbutton', { name: 'Introduction valid for (days)' });
    await userEvent.type(validFor, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Update rules' }));

    const message = 'Enter a whole number of at least 1, or leave it empty';
    expect(await screen.findByText(message)).toBeTruthy();
    expect(validFor.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(validFor, '0');
    expect(screen.queryByText(message)).toBeNull();
    expect(validFor.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update rules' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ introductionValidForDays: 30 });
  });
});
