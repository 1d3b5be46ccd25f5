import { statusText, type ApiTry } from './api-error';
import { clipLine, showBidiControls } from './display-text';
import { withoutTokens } from './token-shape';

/** A failed (or any logged) request, as an alert or a Requests panel entry knows it. */
export type TicketRequest = {
  readonly method: string;
  /** The full URL as sent (secret-looking query parameters already dropped). */
  readonly url: string;
  /** The last try's status; 0 when no answer arrived. */
  readonly status: number;
  /** The status in words as the console showed it ("500 Server error", "network error"). */
  readonly outcome?: string | undefined;
  /** What went wrong, the API's message included, as the console showed it. */
  readonly message?: string | undefined;
  /** The API's `error.code` (`rate_limited`), when its error body had one. */
  readonly code?: string | undefined;
  /** Every try of the attempt, oldest first: the request and its automatic retries. */
  readonly tries: readonly ApiTry[];
  /** When it happened (the failure, or the request's start), epoch ms. */
  readonly at: number;
};

/** Where the ticket comes from: passed in, so the builder stays pure (and per API profile). */
export type TicketContext = {
  readonly apiName: string;
  readonly apiBaseUrl: string;
  /** The console's version (package.json's, stamped at build). */
  readonly version: string;
  /** The browser's user agent string. */
  readonly browser: string;
  /** The console page the agent was on (origin, path and query; never the fragment). */
  readonly page?: string | undefined;
  /** Who was signed in: the token's `sub` and `email`. */
  readonly person?: { readonly sub?: string | undefined; readonly email?: string | undefined };
};

const MAX_MESSAGE = 1_000;
const MAX_VALUE = 300;
const MAX_URL = 2_000;
/** A ticket lists every try; an attempt has at most four, but a caller could pass any number. */
const MAX_TRIES_LISTED = 20;

/**
 * A plain-text block to paste into a ticket: one fact a line, readable as it is and as Markdown (a
 * list; every value from the API, and the URL, in a code span, so that a hostile message renders
 * no link, image, mention or HTML where the ticket is pasted). Values from the API are made inert:
 * no control characters or line breaks (which could forge lines), bidi controls shown as
 * [U+202E] markers, anything token-shaped removed, long values cut with a count.
 */
export function ticketText(request: TicketRequest, context: TicketContext): string {
  const outcome = request.outcome ?? describeStatus(request.status);
  const lines = [
    `Admin console request: ${plain(outcome, MAX_VALUE)}`,
    '',
    `- Request: ${plain(request.method, 20)} ${code(request.url, MAX_URL)}`,
    `- Status: ${plain(outcome, MAX_VALUE)}`,
  ];
  if (request.message !== undefined && request.message.trim() !== '') {
    // Holds the API's own message: a code span, so that nothing in it renders as Markdown or HTML.
    lines.push(`- Message: ${code(request.message, MAX_MESSAGE)}`);
  }
  if (request.code !== undefined && request.code.trim() !== '') {
    lines.push(`- Error code: ${code(request.code, MAX_VALUE)}`);
  }
  const tries = request.tries.slice(-MAX_TRIES_LISTED);
  const omitted = request.tries.length - tries.length;
  if (tries.length <= 1) {
    const only = tries[0];
    lines.push(
      `- Request ID: ${only?.requestId ? code(only.requestId, MAX_VALUE) : 'none returned'}`,
    );
  } else {
    lines.push(
      `- Request IDs (${request.tries.length} tries: the request and its automatic retries; times in UTC):`,
    );
    if (omitted > 0) lines.push(`  (${omitted} earlier tries not listed)`);
    tries.forEach((attempt, index) => {
      const id = attempt.requestId ? code(attempt.requestId, MAX_VALUE) : 'no request ID';
      lines.push(
        `  ${omitted + index + 1}. ${id}: ${describeStatus(attempt.status)}, ${utc(attempt.startedAt)}`,
      );
    });
  }
  lines.push(`- Time (UTC): ${utc(request.at)}`);
  if (context.page !== undefined) lines.push(`- Console page: ${code(context.page, MAX_URL)}`);
  const { sub, email } = context.person ?? {};
  const who = [sub, email].filter((part): part is string => part !== undefined && part !== '');
  if (who.length > 0) {
    lines.push(`- Signed in as: ${who.map((part) => code(part, MAX_VALUE)).join(', ')}`);
  }
  lines.push(
    `- API: ${plain(context.apiName, MAX_VALUE)} (${code(context.apiBaseUrl, MAX_URL)})`,
    `- Console version: ${plain(context.version, 50)}`,
    `- Browser: ${plain(context.browser, MAX_VALUE)}`,
  );
  return lines.join('\n');
}

/** "500 Server error", "no answer (network error)". */
export function describeStatus(status: number): string {
  return status === 0 ? 'no answer (network error)' : `${status} ${statusText(status)}`;
}

/** ISO 8601 in UTC; a time that cannot be one says so rather than throwing. */
export function utc(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'unknown' : date.toISOString();
}

// C0 and C1 controls (line breaks included), and the line and paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;

/** One inert line of text. */
export function plain(text: string, max: number): string {
  const oneLine = withoutTokens(text).replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  return showBidiControls(clipLine(oneLine, max));
}

/**
 * A Markdown code span that holds any text: fenced with one backtick more than the longest run
 * inside, padded where the text starts or ends with one (CommonMark's rule).
 */
export function code(text: string, max: number, empty = '(none)'): string {
  const value = plain(text, max);
  if (value === '') return empty;
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}
