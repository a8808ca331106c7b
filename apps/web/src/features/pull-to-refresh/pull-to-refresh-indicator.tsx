import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import { PULL_THRESHOLD_PX } from './pull-gesture.ts';
import { usePullToRefresh } from './use-pull-to-refresh.ts';

/** The indicator follows the finger at this share of its travel, up to the maximum. */
const FOLLOW_RATIO = 0.6;
const MAX_OFFSET_PX = 96;
const REFRESHING_OFFSET_PX = PULL_THRESHOLD_PX * FOLLOW_RATIO;

function ArrowIcon({ turned }: { turned: number }) {
  return (
    <Icon width="1.25em" height="1.25em" style={{ transform: `rotate(${turned * 180}deg)` }}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </Icon>
  );
}

function SpinnerIcon() {
  return (
    <Icon width="1.25em" height="1.25em" className="animate-spin motion-reduce:animate-none">
      <path d="M21 12a9 9 0 1 1-6.2-8.56" />
    </Icon>
  );
}

/** Global pull to refresh (spec 01 §2): a pill that comes down with the finger and says what happens. */
export function PullToRefreshIndicator() {
  const { t } = useTranslation();
  const { distance, isRefreshing } = usePullToRefresh();
  if (distance === 0 && !isRefreshing) return null;

  const isArmed = distance >= PULL_THRESHOLD_PX;
  const offset = isRefreshing ? REFRESHING_OFFSET_PX : Math.min(distance * FOLLOW_RATIO, MAX_OFFSET_PX);
  let hint = t('pullToRefresh.pullFurther');
  if (isArmed) hint = t('pullToRefresh.release');
  if (isRefreshing) hint = t('pullToRefresh.refreshing');

  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center"
      style={{ transform: `translateY(${offset - 40}px)` }}
    >
      <div
        role="status"
        className="flex items-center gap-2 rounded-full bg-surface px-4 py-2 text-sm text-foreground shadow-xl"
      >
        {isRefreshing ? <SpinnerIcon /> : <ArrowIcon turned={isArmed ? 1 : 0} />}
        <span>{hint}</span>
      </div>
    </div>
  );
}
