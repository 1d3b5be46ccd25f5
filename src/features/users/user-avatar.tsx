import { useState } from 'react';

/**
 * The avatar, only from a web address: a `javascript:` or `data:` URL from the API never becomes
 * an image. Otherwise, or when the image does not load, the initials stand in (decorative: the
 * name is the page's heading).
 */
export function UserAvatar({ name, url }: { name: string; url: string }) {
  const [failed, setFailed] = useState(false);
  const size = 'size-20 shrink-0 rounded-full';
  if (isWebUrl(url) && !failed) {
    return (
      <img
        src={url}
        alt={name}
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
