import type { ApiError } from '@toolpass/contracts';

export type ApiIssue = NonNullable<ApiError['issues']>[number];

/**
 * One validation failure as clients word it themselves (issue 13): the field, zod's code and its
 * scalar parameters (bounds, origin, format). Never the input, which may be large or secret.
 */
export function toApiIssue(
  field: string,
  code: string | undefined,
  details: Record<string, unknown>,
): ApiIssue {
  const params: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(details)) {
    if (key === 'input' || key === 'path' || key === 'code' || key === 'message') continue;
    if (typeof value === 'string' || typeof value === 'boolean') params[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) params[key] = value;
    else if (typeof value === 'bigint') params[key] = Number(value);
  }
  return { field, code: code ?? 'custom', ...(Object.keys(params).length ? { params } : {}) };
}

/** Per-field messages and issues of failed zod checks, in the same order. */
export function describeZodIssues(
  issues: readonly { path: readonly PropertyKey[]; code: string; message: string }[],
): { errors: Record<string, string[]>; issues: ApiIssue[] } {
  const errors: Record<string, string[]> = {};
  const described: ApiIssue[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'request';
    errors[field] = [...(errors[field] ?? []), issue.message];
    described.push(toApiIssue(field, issue.code, issue as unknown as Record<string, unknown>));
  }
  return { errors, issues: described };
}
