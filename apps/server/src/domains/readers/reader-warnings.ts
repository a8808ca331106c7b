import {
  type DisplayTone,
  type READER_DISPLAY_TEXTS,
  UsageLimitWarningDataSchema,
} from '@toolpass/contracts';
import type { EventConsumer } from '../../platform/events/event-fanout.ts';

type Texts = (typeof READER_DISPLAY_TEXTS)[keyof typeof READER_DISPLAY_TEXTS];

/**
 * Shows the warning before an automatic end ("Ends at HH:MM") on the readers of the session's
 * resource (issue 30's maximum length, issue 33's next booking): a live consumer of
 * `usage.limit-warning`, so each instance shows it on the readers whose sockets it holds, and a
 * member at the machine sees it without a phone. Live means at most once, as for the browsers'
 * toast: a reader connected while the warning went out keeps showing what it showed.
 */
export function createReaderWarnings(deps: {
  links: {
    connectedReaderIds(): number[];
    display(readerId: number, text: string, tone: DisplayTone): boolean;
  };
  readers: { resourcesOf(readerId: number): Promise<{ id: number }[]> };
  texts: Texts;
  /** "HH:MM" in the space's zone, 24-hour, as the refusal texts name times. */
  hhmm(at: Date): string;
}): EventConsumer {
  return {
    name: 'reader-warnings',
    async handle(event) {
      if (event.type !== 'usage.limit-warning') return;
      const parsed = UsageLimitWarningDataSchema.safeParse(event.data);
      if (!parsed.success) return;
      const { resourceId, endsAt } = parsed.data;
      const text = deps.texts.endsAt.replace('{time}', deps.hhmm(new Date(endsAt)));
      for (const readerId of deps.links.connectedReaderIds()) {
        const resources = await deps.readers.resourcesOf(readerId);
        if (resources.some((resource) => resource.id === resourceId))
          deps.links.display(readerId, text, 'info');
      }
    },
  };
}
