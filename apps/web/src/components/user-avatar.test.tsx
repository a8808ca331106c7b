import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserAvatar } from './user-avatar.tsx';

describe('UserAvatar', () => {
  it('is generated from the user id alone', () => {
    // The picture without its label and React's generated mask id.
    const picture = (userId: number, username: string) =>
      render(<UserAvatar userId={userId} username={username} />)
        .container.innerHTML.replace(/aria-label="[^"]*"/, '')
        .replace(/_r_\w+_/g, 'id');
    const first = picture(7, 'ada');
    expect(picture(7, 'grace')).toBe(first);
    expect(picture(8, 'ada')).not.toBe(first);
  });

  it('is labelled with the username, or "Unknown" without one', () => {
    render(<UserAvatar userId={1} username="ada" />);
    render(<UserAvatar userId={2} username={null} />);
    expect(screen.getByRole('img', { name: 'ada' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Unknown' })).toBeTruthy();
  });
});
