/**
 * Text from the API, made safe to show. It is never markup (React renders it as text), but two
 * things still need care:
 *
 * - Bidirectional controls (embeddings, overrides, isolates) reorder what is drawn, so a name
 *   "Admin \u202Egnp.exe\u202C" would read "Admin exe.png". They are shown as visible markers, as
 *   are the invisible marks that reorder or hide (LRM, RLM, the Arabic letter mark, the
 *   zero-width space): "ad\u200Bmin" must not pass for "admin".
 *   Where the text sits, cells and messages isolate it too (`<bdi>`), so it cannot reorder the
 *   console's own words around it.
 * - Size: a 10 MB name must not go into the DOM whole.
 */
const BIDI_CONTROLS = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * What a link must not carry: a character that draws nothing or reorders others. Unicode's format
 * characters (bidi controls, the zero-width joiner, the word joiner, the soft hyphen, tag
 * characters), its default-ignorable ones (variation selectors, fillers) and controls. A link
 * with one reads as one address and goes to another.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

export function hasHiddenMarks(text: string): boolean {
  return HIDDEN.test(text);
}

/** For a place that shows such text instead of linking it: each of them marked, `[U+2060]`. */
export function showHiddenMarks(text: string): string {
  return text.replace(
    HIDDEN_ALL,
    (hidden) => `[U+${(hidden.codePointAt(0) ?? 0).toString(16).toUpperCase()}]`,
  );
}

export function showBidiControls(text: string): string {
  return text.replace(
    BIDI_CONTROLS,
    (control) => `[U+${control.charCodeAt(0).toString(16).toUpperCase()}]`,
  );
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

/**
 * API text for one-line places that cannot hold a Show more button (headings, cells, titles, the
 * header's signed-in name): bidi controls marked, cut with an ellipsis. Here rather than beside
 * ApiText so the shell, on every page's first render, does not download the component.
 */
export function apiLine(text: string, max: number): string {
  const { text: shown, omitted } = clipText(text, max);
  return `${showBidiControls(shown)}${omitted > 0 ? '…' : ''}`;
}
