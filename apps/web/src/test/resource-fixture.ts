import type { Resource } from '@toolpass/contracts';

/** A walk-up resource with no rules, documentation or groups; tests override what they check. */
export function aResource(overrides: Partial<Resource> & Pick<Resource, 'id' | 'name'>): Resource {
  return {
    description: null,
    imageFilename: null,
    allowTakeOver: false,
    documentationType: null,
    documentationMarkdown: null,
    documentationUrl: null,
    groups: [],
    maxSessionMinutes: null,
    introductionValidForDays: null,
    introductionExpiresAfterUnusedDays: null,
    outOfOrder: null,
    bookingMode: 'walk-up',
    bookingSlotMinutes: null,
    bookingMinMinutes: null,
    bookingMaxMinutes: null,
    bookingHorizonDays: null,
    bookingMaxHoursPerWeek: null,
    ...overrides,
  };
}
