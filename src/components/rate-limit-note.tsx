import { useNow } from './use-now';

/** A 429 holds a reading of a list until `retryAt`: when it goes on, counted down each second. */
export function RateLimitNote({ retryAt }: { retryAt: number }) {
  const now = useNow(1000, true);
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  return (
    <span>
      The API’s rate limit was reached: going on {seconds > 0 ? `in ${seconds} s` : 'now'}.
    </span>
  );
}
