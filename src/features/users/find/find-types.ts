import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../api/users-api';

/** What Find's searches are asked (FindOptions), tell as they go (FindProgress) and end with. */

/** `date`: who signed up on a day or in a range (find-by-date.ts); `date-scan` reads the list. */
export type FindMode = 'name' | 'email' | 'anywhere' | 'date' | 'date-scan';

export interface FindProgress {
  requests: number;
  matches: readonly User[];
  /** The name started no name: it is now looked for anywhere in names. */
  widened?: boolean | undefined;
  /** While the list is read page by page. */
  scan?: { rows: number; total: number | undefined; retryAt?: number | undefined };
  /** While a 429 holds a search by halving: when it goes on. */
  retryAt?: number | undefined;
}

export type FindOutcome =
  | {
      kind: 'found';
      how: 'bisection' | 'scan';
      matches: User[];
      requests: number;
      /** How the API turned out to order the list (bisection only). */
      order?: string | undefined;
      /** More may match than were read (a bound on matches or on requests). */
      truncated: boolean;
      /** Which bound stopped the search, when truncated. */
      stoppedBy?: 'matches' | 'requests' | undefined;
      /** How much of the list a scan read. */
      read?: { rows: number; total: number } | undefined;
      /** The list changed while it was searched. */
      changed: boolean;
      /** Why the list was read instead of halved (e-mail only). */
      note?: string | undefined;
      /** A name that starts no name, searched anywhere in names at once. */
      widened?: boolean | undefined;
    }
  /** A name search over pages that contradict every order: offer reading the list. */
  | { kind: 'unsorted'; requests: number; note?: string | undefined }
  | { kind: 'cancelled'; matches: User[]; requests: number; rows: number };

export interface FindOptions {
  queryClient: QueryClient;
  baseUrl: string;
  mode: FindMode;
  text: string;
  signal: AbortSignal;
  onProgress: (progress: FindProgress) => void;
  /** MAX_SCAN_REQUESTS unless a test says otherwise. */
  maxScanRequests?: number | undefined;
  /** The zone whose days a day search means (lib/time-zone.ts); UTC unless given. */
  timeZone?: string | undefined;
  /**
   * Pages a name or e-mail bisection reads at once: the Find page's 4 (the pool's), or 1 where the
   * caller's own pool already runs several searches at once (Look up many), so that the whole
   * stays within 4 in flight.
   */
  width?: number | undefined;
}
