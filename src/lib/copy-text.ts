/**
 * An API value as it is copied to be pasted elsewhere (a request id into a ticket, a log search
 * or a shell): without control characters, which would break the line, hide in the paste or
 * reorder it. On screen the bidi controls are marked instead (showBidiControls). A module of its
 * own so that it loads with the copy buttons, not with every page's first render.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}
