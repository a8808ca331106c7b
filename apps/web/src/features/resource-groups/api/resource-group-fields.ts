/** What the group modal and details form send (spec 01 §2, spec 02 §5). */
export type ResourceGroupFields = {
  name: string;
  description?: string;
  /** Introduction rules (decision 21): absent leaves them, null clears them. */
  introductionValidForDays?: number | null;
  introductionExpiresAfterUnusedDays?: number | null;
};

/** Name trimmed; description trimmed and left out when empty, which clears it. */
export function toResourceGroupFields(name: string, description: string): ResourceGroupFields {
  const trimmedDescription = description.trim();
  return trimmedDescription ? { name: name.trim(), description: trimmedDescription } : { name: name.trim() };
}
