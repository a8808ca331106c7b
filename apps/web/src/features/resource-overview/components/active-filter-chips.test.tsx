import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ActiveFilterChips } from './active-filter-chips.tsx';

const filters = { onlyInUseByMe: false, onlyWithPermissions: true };

describe('ActiveFilterChips', () => {
  it('says how many resources the introduced switch hides, in the singular and the plural', () => {
    const { rerender } = render(<ActiveFilterChips filters={filters} hiddenCount={1} onRemove={vi.fn()} />);
    expect(
      screen.getByRole('button', {
        name: 'Remove filter: I am already introduced / authorized · hides 1 resource',
      }).textContent,
    ).toBe('I am already introduced / authorized · hides 1 resource');

    rerender(<ActiveFilterChips filters={filters} hiddenCount={3} onRemove={vi.fn()} />);
    const chip = screen.getByRole('button', {
      name: 'Remove filter: I am already introduced / authorized · hides 3 resources',
    });
    expect(chip.textContent).toBe('I am already introduced / authorized · hides 3 resources');
  });

  it('names only the switch while it hides nothing or the count is not known yet', () => {
    const { rerender } = render(<ActiveFilterChips filters={filters} hiddenCount={0} onRemove={vi.fn()} />);
    expect(screen.getByText('I am already introduced / authorized')).toBeTruthy();
    rerender(<ActiveFilterChips filters={filters} onRemove={vi.fn()} />);
    expect(screen.getByText('I am already introduced / authorized')).toBeTruthy();
    expect(screen.queryByText(/hides/)).toBeNull();
  });
});
