// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXT, MARKUP, outsideCodeSpans } from '../test/code-spans';
import { ticketText, type TicketContext, type TicketRequest } from './ticket';

const CONTEXT: TicketContext = {
  apiName: 'Staging',
  apiBaseUrl: 'https://api.example.com/v1',
  version: '1.2.3',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
};
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const AT = Date.UTC(2026, 10, 24, 9, 1, 47, 912);

const request = (overrides: Partial<TicketRequest> = {}): TicketRequest => ({
  method: 'GET',
  url: 'https://api.example.com/v1/users?page=2&limit=50',
  status: 500,
  outcome: '500 Server error',
  message: 'Server error (HTTP 500): Simulated 500 (demo scenario).',
  tries: [{ requestId: 'req_only', status: 500, startedAt: AT - 100 }],
  at: AT,
  ...overrides,
});

describe('ticketText', () => {
  it('says what, where, when, which API, which console and which browser, one fact a line', () => {
    expect(ticketText(request(), CONTEXT)).toBe(
      [
        'Admin console request: 500 Server error',
        '',
        '- Request: GET `https://api.example.com/v1/users?page=2&limit=50`',
        '- Status: 500 Server error',
        '- Message: `Server error (HTTP 500): Simulated 500 (demo scenario).`',
        '- Request ID: `req_only`',
        '- Time (UTC): 2026-11-24T09:01:47.912Z',
        '- API: Staging (`https://api.example.com/v1`)',
        '- Console version: 1.2.3',
        '- Browser: Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0',
      ].join('\n'),
    );
  });

  it('names the API error code, the console page and who was signed in, in code spans', () => {
    const text = ticketText(request({ code: 'rate_limited' }), {
      ...CONTEXT,
      page: 'https://console.example.com/users?page=2',
      person: { sub: 'agent_7', email: 'agent`7@example.org' },
    });
    expect(text).toContain('- Error code: `rate_limited`');
    expect(text).toContain('- Console page: `https://console.example.com/users?page=2`');
    expect(text).toContain('- Signed in as: `agent_7`, ``agent`7@example.org``');
  });

  it('leaves out what it does not know: no code, page or person', () => {
    const text = ticketText(request({ code: ' ' }), { ...CONTEXT, person: { sub: '' } });
    expect(text).not.toMatch(/Error code|Console page|Signed in as/);
  });

  it('lists every try of the attempt with its request id, status and UTC time', () => {
    const text = ticketText(
      request({
        tries: [
          { requestId: 'req_a', status: 503, startedAt: AT - 3000 },
          { status: 0, startedAt: AT - 2000 },
          { requestId: 'req_c', status: 500, startedAt: AT - 1000 },
        ],
      }),
      CONTEXT,
    );
    expect(text).toContain(
      [
        '- Request IDs (3 tries: the request and its automatic retries; times in UTC):',
        '  1. `req_a`: 503 Service unavailable, 2026-11-24T09:01:44.912Z',
        '  2. no request ID: no answer (network error), 2026-11-24T09:01:45.912Z',
        '  3. `req_c`: 500 Server error, 2026-11-24T09:01:46.912Z',
      ].join('\n'),
    );
  });

  it('says when there was no request id, and when the time is not a time', () => {
    const text = ticketText(request({ tries: [{ status: 0, startedAt: AT }], at: NaN }), CONTEXT);
    expect(text).toContain('- Request ID: none returned');
    expect(text).toContain('- Time (UTC): unknown');
  });

  it('never carries a token, even one the API echoed into the message or the request id', () => {
    const text = ticketText(
      request({
        message: `Token Bearer ${JWT} is not allowed here`,
        tries: [{ requestId: `req_${JWT}`, status: 403, startedAt: AT }],
      }),
      { ...CONTEXT, browser: `agent ${JWT}` },
    );
    expect(text).not.toContain(JWT.split('.')[2]);
    expect(text).not.toContain(JWT.split('.')[1]);
    expect(text).toContain('Token Bearer [token removed] is not allowed here');
  });

  it('keeps hostile API text on its line: no forged lines, controls removed, bidi marked', () => {
    const text = ticketText(
      request({
        message: 'Nope\n- Request ID: `req_forged`\r\n\u2028# Heading\u0000\u001b[2J',
        outcome: 'Admin \u202Egnp.exe\u202C',
        tries: [{ requestId: 'req_`x``y`', status: 500, startedAt: AT }],
      }),
      CONTEXT,
    );
    const lines = text.split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.filter((line) => line.startsWith('- Request ID'))).toEqual([
      '- Request ID: ``` req_`x``y` ```',
    ]);
    expect(text).toContain('- Message: ``Nope - Request ID: `req_forged` # Heading [2J``');
    expect(text).toContain('- Status: Admin [U+202E]gnp.exe[U+202C]');
    // eslint-disable-next-line no-control-regex -- asserting their absence
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u202a-\u202e]/);
  });

  it('renders no link, image, mention, comment or HTML of the API as Markdown', () => {
    const text = ticketText(
      request({
        url: `https://api.example.com/v1/users/${encodeURIComponent(HOSTILE_TEXT)}`,
        message: `Refused: ${HOSTILE_TEXT}`,
        tries: [
          { requestId: HOSTILE_TEXT, status: 500, startedAt: AT },
          { requestId: `\`${HOSTILE_TEXT}\``, status: 500, startedAt: AT },
        ],
      }),
      CONTEXT,
    );
    for (const line of text.split('\n')) expect(outsideCodeSpans(line)).not.toMatch(MARKUP);
    expect(text).toContain('@security-team');
  });

  it('cuts a huge message and URL with a count of what was left out', () => {
    const text = ticketText(
      request({
        message: 'm'.repeat(2_000_000),
        url: `https://api.example.com/${'u'.repeat(5_000)}`,
      }),
      CONTEXT,
    );
    expect(text).toContain('… (1,999,000 more characters)');
    expect(text.length).toBeLessThan(5_000);
  });
});
