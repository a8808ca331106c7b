/**
 * Where bug reports, feature requests and the documentation live. Set at build time through
 * VITE_PROJECT_URL (the repository's web address); the default is the project's public repository.
 */
export const PROJECT_URL: string = import.meta.env.VITE_PROJECT_URL ?? 'https://github.com/toolpass/toolpass';
export const DOCUMENTATION_URL = `${PROJECT_URL}/tree/main/docs`;

export type IssueKind = 'bug' | 'feature';

/** What a report tells the maintainers about where it happened (spec 01 §2, sidebar). */
export type ReportEnvironment = {
  browser: string;
  screen: string;
  time: string;
  userId: number | undefined;
  url: string;
};

export function currentEnvironment(userId: number | undefined): ReportEnvironment {
  return {
    browser: navigator.userAgent,
    screen: `${window.screen.width}x${window.screen.height}`,
    time: new Date().toISOString(),
    userId,
    url: window.location.href,
  };
}

/** A new-issue address on the tracker with the environment written into the body. */
export function issueReportUrl(kind: IssueKind, environment: ReportEnvironment): string {
  const body = [
    kind === 'bug' ? '## What happened?\n\n\n## What did you expect?\n\n' : '## What would you like?\n\n',
    '## Environment',
    `- Browser: ${environment.browser}`,
    `- Screen size: ${environment.screen}`,
    `- Time: ${environment.time}`,
    `- User ID: ${environment.userId ?? '-'}`,
    `- URL: ${environment.url}`,
  ].join('\n');
  const params = new URLSearchParams({ labels: kind === 'bug' ? 'bug' : 'enhancement', body });
  return `${PROJECT_URL}/issues/new?${params.toString()}`;
}
