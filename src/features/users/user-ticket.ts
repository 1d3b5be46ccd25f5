import { code as ticketCode, plain } from '../../lib/ticket';
import { allFields } from './other-fields';

/**
 * **Copy for ticket** on the user page: one person handed over in a plain-text block, one fact a
 * line as a Markdown list, as the request ticket (lib/ticket.ts) is written. Every value from the
 * API is one inert line in a code span (no control characters, bidi controls shown as [U+202E],
 * backticks fenced, nothing token-shaped), so a name cannot forge lines or markup in the ticket.
 * Loaded when the button is first used.
 */

export interface UserTicketContext {
  /** The lookup's body as the API sent it. */
  body: unknown;
  /** What the console read of it (the same values, checked). */
  user: { id: string; name: string; email: string; created_at: string };
  consoleLink: string;
  apiName: string;
  apiBaseUrl: string;
  version: string;
  /** When it was copied, epoch ms. */
  at: number;
}

const MAX_VALUE = 300;
const MAX_LONG_VALUE = 1_000;
const MAX_URL = 2_000;

export function userTicketText(context: UserTicketContext): string {
  const { user } = context;
  const lines = [
    `Admin console user: ${code(user.name, MAX_VALUE)}`,
    '',
    `- ID: ${code(user.id, MAX_VALUE)}`,
    `- Name: ${code(user.name, MAX_VALUE)}`,
    `- E-mail: ${code(user.email, MAX_VALUE)}`,
    `- Created (UTC): ${createdUtc(user.created_at)}`,
    `- Console link: ${code(context.consoleLink, MAX_URL)}`,
    `- API: ${plain(context.apiName, MAX_VALUE)} (${code(context.apiBaseUrl, MAX_URL)})`,
    '- Fields as the API sent them:',
  ];
  for (const field of allFields(context.body)) {
    lines.push(`  - ${code(field.name, 100)}: ${code(field.value, MAX_LONG_VALUE)}`);
  }
  lines.push(
    `- Copied (UTC): ${new Date(context.at).toISOString()}`,
    `- Console version: ${plain(context.version, 50)}`,
  );
  return lines.join('\n');
}

/** ISO 8601 in UTC; a value the API sent that is no time is given as it came. */
function createdUtc(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time)
    ? `${code(value, MAX_VALUE)} (not a time)`
    : new Date(time).toISOString();
}

/** A code span that holds any text (lib/ticket.ts, as the request ticket writes it). */
function code(text: string, max: number): string {
  return ticketCode(text, max, '(empty)');
}
