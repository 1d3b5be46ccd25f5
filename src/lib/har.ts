import type { Content, Entry, Har, Header, QueryString } from 'har-format';
import { statusText } from './api-error';
import { clipText } from './display-text';
import { MAX_LOGGED_BODY_CHARS, type RequestLogEntry } from './request-log';
import { withoutTokens } from './token-shape';

/** What the file says about where it comes from: passed in, so the writer stays pure. */
export type HarContext = {
  readonly apiName: string;
  readonly apiBaseUrl: string;
  /** The console's version (package.json's, stamped at build). */
  readonly version: string;
};

/**
 * The Requests panel's log as HAR 1.2, the format the browsers' developer tools import (Chrome's
 * and Firefox's Network panels): method, URL, the headers sent (never Authorization: the log does
 * not hold it), status, the response headers (X-Request-Id among them), timings, and the bodies of
 * failed responses as the log kept them. Custom fields start with `_`, as HAR allows.
 */
export function buildHar(entries: readonly RequestLogEntry[], context: HarContext): Har {
  return {
    log: {
      version: '1.2',
      creator: { name: 'Admin console', version: context.version },
      comment: `Requests the admin console made to the API "${context.apiName}" at ${context.apiBaseUrl}. The access token, and the request header that carries it, are left out. Times are UTC (ISO 8601), whatever time zone the console shows.`,
      entries: entries.map(harEntry),
    },
  };
}

/** The file's text. Anything token-shaped is removed once more here (see token-shape.ts). */
export function harText(har: Har): string {
  return withoutTokens(JSON.stringify(har, null, 1));
}

/** `requests-YYYY-MM-DD.har`, by the local date (as the CSV exports name theirs). */
export function harFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `requests-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.har`;
}

function harEntry(entry: RequestLogEntry): Entry {
  const time = nonNegative(entry.durationMs);
  const wait = Math.min(time, nonNegative(entry.waitMs ?? time));
  const comment = [
    entry.cancelled ? 'Cancelled by the console (the page no longer needed it).' : undefined,
    entry.error,
    entry.try > 1
      ? `Automatic retry ${entry.try - 1} of the request logged as #${entry.attempt}.`
      : undefined,
  ].filter((part): part is string => part !== undefined);
  return {
    startedDateTime: isoTime(entry.startedAt),
    time,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headers(entry.requestHeaders),
      queryString: queryString(entry.url),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: Number.isInteger(entry.status) && entry.status >= 0 ? entry.status : 0,
      statusText: entry.status === 0 ? '' : statusText(entry.status),
      httpVersion: entry.status === 0 ? '' : 'HTTP/1.1',
      cookies: [],
      headers: headers(entry.responseHeaders ?? []),
      content: content(entry),
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      ...(entry.status === 0 ? { _error: entry.cancelled ? 'cancelled' : 'network error' } : {}),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait, receive: time - wait },
    ...(comment.length > 0 ? { comment: comment.join(' ') } : {}),
    _requestId: entry.requestId ?? null,
    _attempt: entry.attempt,
    _try: entry.try,
  };
}

function content(entry: RequestLogEntry): Content {
  const body = entry.responseBody;
  const mimeType =
    body?.mimeType ||
    entry.responseHeaders?.find((header) => header.name.toLowerCase() === 'content-type')?.value ||
    'x-unknown';
  if (body === undefined) {
    return {
      size: 0,
      mimeType,
      comment:
        entry.status === 0
          ? 'No answer arrived.'
          : 'Not kept: the log keeps the bodies of failed responses only.',
    };
  }
  const { text, omitted } = clipText(body.text, MAX_LOGGED_BODY_CHARS);
  const cut = Math.max(omitted, body.length - text.length);
  return {
    size: Math.max(0, Math.trunc(body.length)),
    mimeType,
    text,
    ...(cut > 0
      ? {
          comment: `Cut to its first ${text.length.toLocaleString('en-US')} characters of ${body.length.toLocaleString('en-US')}.`,
        }
      : {}),
  };
}

function headers(list: readonly { name: string; value: string }[]): Header[] {
  return list
    .filter((header) => header.name.toLowerCase() !== 'authorization')
    .map(({ name, value }) => ({ name, value }));
}

function queryString(url: string): QueryString[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function isoTime(ms: number): string {
  const date = new Date(ms);
  return (Number.isNaN(date.getTime()) ? new Date(0) : date).toISOString();
}

function nonNegative(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms * 1000) / 1000 : 0;
}
