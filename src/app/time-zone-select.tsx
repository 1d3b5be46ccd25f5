import { useId } from 'react';
import {
  setTimeZoneChoice,
  timeZoneChoiceLabel,
  useTimeZoneChoice,
  type TimeZoneChoice,
} from '../lib/time-zone';

/**
 * The header's **Time zone**: UTC, or this device's zone by name. Every time the console shows
 * follows it (lib/time-zone.ts); the command menu offers the same choice.
 */
export function TimeZoneSelect() {
  const choice = useTimeZoneChoice();
  const id = useId();
  return (
    <span className="inline-flex min-w-0 items-center gap-1 text-sm">
      <label htmlFor={id} className="sr-only">
        Time zone
      </label>
      <select
        id={id}
        value={choice}
        title="Time zone of every time shown"
        onChange={(event) => setTimeZoneChoice(event.target.value as TimeZoneChoice)}
        className="max-w-44 min-w-0 rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
      >
        <option value="utc">{timeZoneChoiceLabel('utc')}</option>
        <option value="device">{timeZoneChoiceLabel('device')}</option>
      </select>
    </span>
  );
}
