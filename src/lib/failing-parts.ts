import type * as v from 'valibot';

/** How many of a broken answer's failing values the log keeps, and how much of each. */
const MAX_KEPT_ISSUES = 20;
const MAX_KEPT_VALUE = 200;
/** A problem's words quote a single value found (`… but received "…"`): clipped alike. */
const MAX_KEPT_PROBLEM = MAX_KEPT_VALUE + 100;

/**
 * The paths that broke the contract, the type found at each, and the value found there when it is
 * a single value (clipped), as JSON. An object or a list is described, never kept: where a list of
 * people was due, `data` can be one person's whole record.
 */
export function failingParts(issues: readonly v.BaseIssue<unknown>[]): string {
  const kept = issues.slice(0, MAX_KEPT_ISSUES).map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    return {
      path: path === '' ? '(root)' : path,
      problem: clip(issue.message, MAX_KEPT_PROBLEM),
      ...whatWasFound(issue.input),
    };
  });
  return JSON.stringify(
    {
      kept: 'Only what broke the contract; the rest of the answer was not kept.',
      issues: kept,
      ...(issues.length > kept.length ? { more: issues.length - kept.length } : {}),
    },
    null,
    2,
  );
}

function whatWasFound(input: unknown): { type: string; found?: string } {
  if (input === undefined) return { type: 'missing' };
  if (Array.isArray(input)) return { type: `array of ${input.length}` };
  if (input === null) return { type: 'null', found: 'null' };
  if (typeof input === 'object') return { type: 'object' };
  return {
    type: typeof input,
    found: clip(JSON.stringify(input) ?? String(input), MAX_KEPT_VALUE),
  };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
