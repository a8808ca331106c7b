import type { MjmlProblem } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mjmlProblemText } from '../hooks/email-template-messages.ts';

/**
 * Where the body breaks MJML's rules, by line, as the last preview found them: the server refuses
 * to save such a body, so the list says what to fix.
 */
export function MjmlProblemList({ problems }: { problems: readonly MjmlProblem[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-danger p-3 text-sm">
      <h3 id={headingId} className="font-medium text-danger">
        {t('emailTemplates.problems.title', { count: problems.length })}
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        {problems.map((problem, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no id; each preview replaces the list whole.
          <li key={index} className="break-words">
            <span className="font-medium">{t('emailTemplates.problems.line', { line: problem.line })}</span>
            {': '}
            {mjmlProblemText(t, problem)}
          </li>
        ))}
      </ul>
    </section>
  );
}
