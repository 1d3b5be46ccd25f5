/** How far Find's searches read: its pages, and the bounds that stop a search. */

/** The API's largest page, as the export reads it. */
export const PAGE_SIZE = 100;

/**
 * A bound on the matches read, far above any person's search (a common name at 200,000 users has
 * about a thousand); past it the Matches table says the list was cut and how far it was read.
 */
export const MAX_MATCHES = 10_000;

/**
 * A guard against a list that keeps shifting under a bisection: far above what a search takes (a
 * unique name under a case-sensitive order: about 40 at 1,000,000 users).
 */
export const MAX_BISECTION_REQUESTS = 200;

/**
 * A bound on one go of reading the list: an API whose total never ends (or is a billion) must not
 * be read for ever. The first total plus a margin (for users added meanwhile and retries), or this,
 * whichever is smaller; Go on reading allows as many again.
 */
export const MAX_SCAN_REQUESTS = 10_000;
