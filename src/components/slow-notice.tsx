import { useEffect, useState } from 'react';
import { apiClientRef, DEFAULT_TIMEOUT_MS } from '../lib/api-client';

/** Say something after this long, or half the deadline when that is shorter. */
const SLOW_AFTER_MS = 10_000;

function slowAfter(timeoutMs: number): number {
  return Math.min(SLOW_AFTER_MS, timeoutMs / 2);
}

/**
 * While a request the page needs has been under way for a while, says so and when the console
 * will give up, so a hung API never looks like a page that is merely loading.
 */
export function SlowNotice({ active, what }: { active: boolean; what: string }) {
  const timeoutMs = apiClientRef.current?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setSlow(true), slowAfter(timeoutMs));
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [active, timeoutMs]);
  return (
    // Always present, so the sentence is announced when it appears. Not role=status: the table
    // pages keep that role for their range text.
    <p aria-live="polite" className="text-sm text-amber-900 empty:hidden dark:text-amber-200">
      {active && slow
        ? `The API is slow to answer… still waiting for ${what}. The console gives up after ${Math.round(timeoutMs / 1000)} s.`
        : ''}
    </p>
  );
}
