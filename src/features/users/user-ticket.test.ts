// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXT, MARKUP, outsideCodeSpans } from '../../test/code-spans';
import { otherFields } from './other-fields';
import { userTicketText } from './user-ticket';

const user = {
  id: 'user_1',
  name: 'Ada `Lovelace`\n- Forged: line \u202Eevil',
  email: 'ada@example.org',
  created_at: '2024-03-14T10:00:00+01:00',
};
const body = {
  data: {
    ...user,
    profile: { bio: 'b', location: 'London', avatar_url: 'https://x/a.png', pronouns: 'she' },
    role: 'admin',
    locked: true,
    last_login: null,
    mfa: { methods: ['totp'] },
  },
};

describe('otherFields', () => {
  it('lists what the console does not read, strings as text and the rest as JSON', () => {
    expect(otherFields(body)).toEqual({
      fields: [
        { name: 'role', value: 'admin', json: false },
        { name: 'locked', value: 'true', json: true },
        { name: 'last_login', value: 'null', json: true },
        { name: 'mfa', value: '{\n  "methods": [\n    "totp"\n  ]\n}', json: true },
        { name: 'profile.pronouns', value: 'she', json: false },
      ],
      omitted: 0,
    });
  });

  it('takes any body without failing', () => {
    for (const odd of [null, 'x', [], { data: [] }, { data: { profile: 'x' } }]) {
      expect(() => otherFields(odd)).not.toThrow();
    }
    const many = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, i]));
    expect(otherFields({ data: many }).omitted).toBe(50);
  });
});

describe('userTicketText', () => {
  const text = userTicketText({
    body,
    user,
    consoleLink: 'https://console.example.com/users/user_1',
    apiName: 'Production',
    apiBaseUrl: 'https://api.example.com',
    version: '1.2.3',
    at: Date.UTC(2026, 10, 26, 8, 0, 0),
  });

  it('holds the person, the link, the API and every field', () => {
    expect(text).toContain('- ID: `user_1`');
    expect(text).toContain('- Created (UTC): 2024-03-14T09:00:00.000Z');
    expect(text).toContain('- Console link: `https://console.example.com/users/user_1`');
    expect(text).toContain('- API: Production (`https://api.example.com`)');
    expect(text).toContain('  - `profile.location`: `London`');
    expect(text).toContain('  - `locked`: `true`');
    expect(text).toContain('  - `mfa`: `{ "methods": [ "totp" ] }`');
    expect(text).toContain('- Copied (UTC): 2026-11-26T08:00:00.000Z');
  });

  it('keeps API text inert: one line, backticks fenced, bidi controls shown', () => {
    expect(text).toContain('- Name: ``Ada `Lovelace` - Forged: line [U+202E]evil``');
    expect(text.split('\n').filter((line) => line.startsWith('- Forged'))).toEqual([]);
  });
});

describe('userTicketText with hostile API text', () => {
  it('renders no link, image, mention, comment or HTML of the API as Markdown', () => {
    const hostile = {
      id: `user_${HOSTILE_TEXT}`,
      name: HOSTILE_TEXT,
      email: `${HOSTILE_TEXT}@example.org`,
      created_at: HOSTILE_TEXT,
    };
    const text = userTicketText({
      body: { data: { ...hostile, [HOSTILE_TEXT]: HOSTILE_TEXT, nested: { note: HOSTILE_TEXT } } },
      user: hostile,
      consoleLink: `https://console.example.com/users/${encodeURIComponent(hostile.id)}`,
      apiName: 'Production',
      apiBaseUrl: 'https://api.example.com',
      version: '1.2.3',
      at: Date.UTC(2026, 10, 26, 8, 0, 0),
    });
    for (const line of text.split('\n')) expect(outsideCodeSpans(line)).not.toMatch(MARKUP);
    expect(text).toContain('@security-team');
  });
});
