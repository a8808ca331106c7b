import { useTranslation } from 'react-i18next';
import { formatElapsed } from '../format-elapsed.ts';
import { useNow } from '../hooks/use-now.ts';

/** Elapsed timer tick (spec 01 §9). */
const TICK_MS = 1000;

const SIZES = { lg: 'text-3xl', md: 'text-xl', sm: 'text-sm' } as const;

/** Time since `since` as hh:mm:ss, ticking every second; only this element re-renders. */
export function ElapsedTimer({ since, size = 'lg' }: { since: string; size?: keyof typeof SIZES }) {
  const { t } = useTranslation();
  const now = useNow(TICK_MS);
  return (
    // A timer role is not announced on every tick, which would drown out everything else.
    <span
      role="timer"
      aria-label={t('usage.own.elapsed')}
      className={`font-mono tabular-nums ${SIZES[size]}`}
    >
      {formatElapsed(now - new Date(since).getTime())}
    </span>
  );
}
