import { useState } from 'react';
import { apiLine } from '../../lib/display-text';
import { isAllowedImageUrl } from '../../lib/image-sources';

/**
 * The avatar, only from a web address the console's image sources allow (the page's
 * Content-Security-Policy says the same): a `javascript:` or `data:` URL from the API never
 * becomes an image, and neither does an address the policy would block. Otherwise, or when the
 * image does not load, the initials stand in (decorative: the name is the page's heading).
 */
export function UserAvatar({
  name,
  url,
  imageSources,
}: {
  name: string;
  url: string;
  imageSources: readonly string[];
}) {
  const [failed, setFailed] = useState(false);
  const size = 'size-20 shrink-0 rounded-full';
  if (isAllowedImageUrl(url, imageSources) && !failed) {
    return (
      <img
        src={url}
        alt={apiLine(name, 500)}
        width={80}
        height={80}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${size} bg-slate-200 object-cover dark:bg-slate-700`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${size} flex items-center justify-center bg-slate-200 text-2xl font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100`}
    >
      {initials(name)}
    </span>
  );
}

/** Why a web address was not shown, for the page to say; null when it is shown (or is no web address). */
export function blockedImageOrigin(url: string, imageSources: readonly string[]): string | null {
  if (!isWebUrl(url) || isAllowedImageUrl(url, imageSources)) return null;
  return new URL(url).origin;
}

export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** First letters of the first and last words, ignoring punctuation and markup-like noise. */
export function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
