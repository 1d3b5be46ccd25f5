/**
 * The page that frames the card, by the browser's own account where it gives one
 * (`location.ancestorOrigins`: Chromium and Safari). The served `frame-ancestors` is what keeps
 * the card out of other sites' frames; this is for a server that does not send it (a static host
 * configured by hand): the card then refuses to show anyone's data inside a site that
 * embedOrigins does not list, and says which.
 */
export function unlistedAncestor(
  ancestors: ArrayLike<string> | undefined,
  embedOrigins: readonly string[],
): string | undefined {
  if (!ancestors) return undefined;
  return Array.from(ancestors).find((origin) => !embedOrigins.includes(origin));
}
