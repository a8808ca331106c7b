import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BookIcon, BugIcon, LightbulbIcon, PackageIcon } from '../../components/icons.tsx';
import { currentEnvironment, DOCUMENTATION_URL, type IssueKind, issueReportUrl } from './project-links.ts';

const linkClass =
  'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm text-muted hover:bg-default hover:text-foreground';

function IssueLink({ kind, userId, label }: { kind: IssueKind; userId: number; label: string }) {
  const Icon = kind === 'bug' ? BugIcon : LightbulbIcon;
  // Subscribing to the location rebuilds the address on navigation, so it names the current page.
  useLocation();
  return (
    <a
      href={issueReportUrl(kind, currentEnvironment(userId))}
      target="_blank"
      rel="noreferrer"
      className={linkClass}
    >
      <Icon className="size-4" />
      {label}
    </a>
  );
}

/** Bottom links of the sidebar: issue tracker, dependencies, documentation (spec 01 §2). */
export function SidebarProjectLinks({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-0.5" aria-label={t('nav.projectLinks')}>
      <li>
        <IssueLink kind="bug" userId={userId} label={t('nav.reportBug')} />
      </li>
      <li>
        <IssueLink kind="feature" userId={userId} label={t('nav.requestFeature')} />
      </li>
      <li>
        <Link to="/dependencies" className={linkClass}>
          <PackageIcon className="size-4" />
          {t('nav.dependencies')}
        </Link>
      </li>
      <li>
        <a href={DOCUMENTATION_URL} target="_blank" rel="noreferrer" className={linkClass}>
          <BookIcon className="size-4" />
          {t('nav.documentation')}
        </a>
      </li>
    </ul>
  );
}
