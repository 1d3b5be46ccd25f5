import { useState } from 'react';
import { storageDenied } from '../lib/storage';

/**
 * Said once, above every page, when the browser denies the console its storage (lib/storage.ts):
 * the console works from memory, so a reload or a new tab starts signed out and with the
 * defaults.
 */
export function StorageNotice() {
  const [denied] = useState(storageDenied);
  if (!denied) return null;
  return (
    <p className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      This browser does not let the console store anything, so your session and settings last only
      for this page: reloading it or opening a new tab starts again, signed out.
    </p>
  );
}
