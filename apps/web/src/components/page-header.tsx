import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from './icons.tsx';

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
};

/** The title block at the top of a page, with an optional back link. */
export function PageHeader({ title, subtitle, back, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      {/* min-w-0 and anywhere-wrapping: a name of 120 characters without a space still fits a phone. */}
      <div className="flex min-w-0 flex-col gap-1">
        {back && (
          <Link
            to={back.to}
            className="inline-flex w-fit items-center gap-1 text-sm text-muted hover:text-foreground"
          >
            <ArrowLeftIcon /> {back.label}
          </Link>
        )}
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{title}</h1>
        {subtitle && <p className="text-muted [overflow-wrap:anywhere]">{subtitle}</p>}
      </div>
      {actions}
    </header>
  );
}
