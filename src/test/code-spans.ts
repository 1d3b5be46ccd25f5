/**
 * A line of Markdown with its code spans taken out, as CommonMark reads them: a run of n backticks
 * opens a span that the next run of exactly n backticks closes (a run with no partner is literal).
 * What is left is all a Markdown renderer could turn into links, images, mentions or HTML.
 */
export function outsideCodeSpans(line: string): string {
  let rest = line;
  let outside = '';
  for (;;) {
    const open = /`+/.exec(rest);
    if (!open) return outside + rest;
    const run = open[0];
    const after = rest.slice(open.index + run.length);
    const close = new RegExp(`(?<!\`)${run}(?!\`)`).exec(after);
    if (!close) {
      // No closing run of the same length: these backticks are literal text.
      outside += rest.slice(0, open.index + run.length);
      rest = after;
      continue;
    }
    outside += rest.slice(0, open.index);
    rest = after.slice(close.index + run.length);
  }
}

/** A message written to become markup wherever it is pasted as Markdown or HTML. */
export const HOSTILE_TEXT = [
  '[click](https://evil.example/a)',
  '![pixel](https://evil.example/t.png)',
  '<img src="https://evil.example/u.png">',
  '@security-team',
  '<!-- hidden -->',
  '<https://evil.example/b>',
  '`` ` ``',
  '[ref]: https://evil.example/c',
].join(' ');

/** What must never be left outside a code span when API text goes into a ticket. */
export const MARKUP = /[[\]<>!@]|evil\.example/;
