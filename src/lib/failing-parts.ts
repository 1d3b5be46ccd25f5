import type * as v from 'valibot';

/** How many of a broken answer's failing values the log keeps, and how much of each. */
const MAX_KEPT_ISSUES = 20;
const MAX_KEPT_VALUE = 200;

/** The paths that broke the contract and the values found there (each clipped), as JSON. */
export function failingParts(issues: readonly v.BaseIssue<unknown>[]): string {
  const kept = issues.slice(0, MAX_KEPT_ISSUES).map((issue) => {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    const found = issue.input === undefined ? '(missing)' : JSON.stringify(issue.input);
    return {
      path: path === '' ? '(root)' : path,
      problem: issue.message,
      found: found.length > MAX_KEPT_VALUE ? `${found.slice(0, MAX_KEPT_VALUE)}…` : found,
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
