/**
 * The usage card's actions that offer notes through a menu. Ending has its notes field beside
 * its button instead (own-usage-panel.tsx).
 */
export type UsageAction = 'start' | 'takeOver';

/** Each action's texts: its button, the same action with notes, and the menu that offers it. */
export const USAGE_ACTION_TEXTS = {
  start: {
    label: 'usage.available.start',
    withNotes: 'usage.available.startWithNotes',
    more: 'usage.available.startOptions',
  },
  takeOver: {
    label: 'usage.other.takeOver',
    withNotes: 'usage.other.takeOverWithNotes',
    more: 'usage.other.takeOverOptions',
  },
} as const satisfies Record<UsageAction, { label: string; withNotes: string; more: string }>;
