import { type ButtonVariants, buttonVariants } from '@heroui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type LinkButtonProps = { to: string; children: ReactNode; variant?: ButtonVariants['variant'] };

/** A navigation link that looks like a button ("Go to Login"). */
export function LinkButton({ to, children, variant = 'primary' }: LinkButtonProps) {
  return (
    <Link to={to} className={buttonVariants({ variant })}>
      {children}
    </Link>
  );
}
