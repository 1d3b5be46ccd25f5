import { formatJson } from '../../lib/json-text';

/**
 * The fields of a user lookup that the console does not read (`role`, `status`, `locked`,
 * `last_login`, and whatever an API adds next): on a "can't log in" ticket they are the ones
 * support needs, so the Profile lists them instead of keeping them to Raw JSON.
 */

/** What the console reads of a user, top level and under `profile`. */
const KNOWN = new Set(['id', 'name', 'email', 'created_at', 'profile']);
const KNOWN_PROFILE = new Set(['bio', 'location', 'avatar_url']);
/** A user with more is not a user: the rest stay in Raw JSON, and the list says so. */
export const MAX_OTHER_FIELDS = 100;
const MAX_NESTED_CHARS = 2_000;

export interface OtherField {
  /** `role`, or `profile.pronouns` for one inside the profile. */
  name: string;
  /** A string as it came; anything else as JSON (nested values pretty-printed, bounded). */
  value: string;
  json: boolean;
}

/** The unknown fields of a lookup body (`{"data": {...}}`), in the API's order. */
export function otherFields(body: unknown): { fields: OtherField[]; omitted: number } {
  const user = objectAt(body, 'data');
  if (!user) return { fields: [], omitted: 0 };
  const all: OtherField[] = [];
  for (const [name, value] of Object.entries(user)) {
    if (!KNOWN.has(name)) all.push(field(name, value));
  }
  const profile = objectAt(user, 'profile');
  for (const [name, value] of Object.entries(profile ?? {})) {
    if (!KNOWN_PROFILE.has(name)) all.push(field(`profile.${name}`, value));
  }
  return {
    fields: all.slice(0, MAX_OTHER_FIELDS),
    omitted: Math.max(0, all.length - MAX_OTHER_FIELDS),
  };
}

/** Every field of the lookup, known or not, flattened one level (`profile.bio`), for a ticket. */
export function allFields(body: unknown): OtherField[] {
  const user = objectAt(body, 'data');
  if (!user) return [];
  const fields: OtherField[] = [];
  for (const [name, value] of Object.entries(user)) {
    const nested = name === 'profile' ? objectAt(user, name) : undefined;
    if (nested) {
      for (const [inner, innerValue] of Object.entries(nested)) {
        fields.push(field(`${name}.${inner}`, innerValue));
      }
    } else {
      fields.push(field(name, value));
    }
    if (fields.length >= MAX_OTHER_FIELDS) break;
  }
  return fields;
}

function field(name: string, value: unknown): OtherField {
  if (typeof value === 'string') return { name, value, json: false };
  const nested = value !== null && typeof value === 'object';
  const { text, truncated } = formatJson(value, nested ? { maxChars: MAX_NESTED_CHARS } : {});
  return { name, value: truncated ? `${text}…` : text, json: true };
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const inner = (value as Record<string, unknown>)[key];
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return undefined;
  return inner as Record<string, unknown>;
}
