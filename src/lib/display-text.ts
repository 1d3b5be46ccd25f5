/**
 * Text from the API, made safe to show. It is never markup (React renders it as text), but two
 * things still need care:
 *
 * - Bidirectional controls (embeddings, overrides, isolates) reorder what is drawn, so a name
 *   "Admin \u202Egnp.exe\u202C" would read "Admin exe.png". They are shown as visible markers.
 *   Where the text sits, cells and messages isolate it too (`<bdi>`), so it cannot reorder the
 *   console's own words around it.
 * - Size: a 10 MB name must not go into the DOM whole.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function showBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (control) => `[U+${control.charCodeAt(0).toString(16).toUpperCase()}]`,
  );
}

/** C0 and C1 controls, DEL, and the bidirectional controls above. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * An API value as it is copied to be pasted elsewhere (a request id into a ticket, a log search
 * or a shell): without control characters, which would break the line, hide in the paste or
 * reorder it. On screen the bidi controls are marked instead (showBidiControls).
 */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}

/** The first `max` characters, and how many were left out. Never splits a surrogate pair. */
export function clipText(text: string, max: number): { text: string; omitted: number } {
  if (text.length <= max) return { text, omitted: 0 };
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), omitted: text.length - end };
}

/** For one-line places (titles, logs): clipped with a count of what is missing. */
export function clipLine(text: string, max: number): string {
  const { text: shown, omitted } = clipText(text, max);
  return omitted === 0 ? shown : `${shown}… (${omitted.toLocaleString('en-US')} more characters)`;
}
