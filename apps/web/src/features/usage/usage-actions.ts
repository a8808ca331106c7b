/** What the usage card lets the viewer do with the resource's usage session. */
export type UsageAction = 'start' | 'end' | 'takeOver';

/** Each action's texts: its button, the same action with notes, and the menu that offers it. */
export const USAGE_ACTION_TEXTS = {
  start: {
    label: 'usage.available.start',
    withNotes: 'usage.available.startWithNotes',
    more: 'usage.available.startOptions',
  },
  end: { label: 'usage.own.end', withNotes: 'usage.own.endWithNotes', more: 'usage.own.endOptions' },
  takeOver: {
    label: 'usage.other.takeOver',
    withNotes: 'usage.other.takeOverWithNotes',
    more: 'usage.other.takeOverOptions',
  },
} as const satisfies Record<UsageAction, { label: string; withNotes: string; more: string }>;
