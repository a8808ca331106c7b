import { PairingCodeSchema } from '@toolpass/contracts';

export type PairDraft = { name: string; code: string };
export type PairProblems = { name?: 'required'; code?: 'required' | 'invalid' };

/** What keeps the pair form from being sent; the server checks the same (spec 02 §5). */
export function pairProblems(draft: PairDraft): PairProblems {
  const problems: PairProblems = {};
  if (draft.name.trim() === '') problems.name = 'required';
  const code = draft.code.trim();
  if (code === '') problems.code = 'required';
  else if (!PairingCodeSchema.safeParse(code).success) problems.code = 'invalid';
  return problems;
}

/** The body of the pair call: the six digits as typed (leading zeros count), the name trimmed. */
export const toPairBody = (draft: PairDraft) => ({ name: draft.name.trim(), code: draft.code.trim() });
