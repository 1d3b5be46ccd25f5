/**
 * How long a value typed into a filter or search box may be before it is sent. Without a cap, a
 * pasted 200,000-character category became a URL no server accepts ("Could not reach the API",
 * retried three times) and a curl command too long for a shell. 200 matches the longest category
 * name config.json accepts; no category, id or name the API holds comes near it.
 */
export const MAX_FILTER_LENGTH = 200;

/**
 * The message for a box whose value is too long, or undefined when it is not. Every box that
 * sends what is typed (the product filters, the Find user box) says it the same way.
 */
export function tooLongProblem(
  text: string,
  label: string,
  max: number = MAX_FILTER_LENGTH,
): string | undefined {
  if (text.length <= max) return undefined;
  return `${label} can be at most ${max.toLocaleString('en-US')} characters; this is ${text.length.toLocaleString('en-US')}.`;
}
