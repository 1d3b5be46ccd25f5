import { useId } from 'react';
import { setTheme, useTheme, type ThemeChoice } from './theme';

export function ThemeToggle() {
  const theme = useTheme();
  const id = useId();
  return (
    <span className="inline-flex items-center gap-1 text-xs">
      <label htmlFor={id} className="sr-only">
        Theme
      </label>
      <select
        id={id}
        value={theme}
        onChange={(event) => setTheme(event.target.value as ThemeChoice)}
        className="w-full rounded-md border border-slate-300 bg-white px-1 py-px text-xs dark:border-slate-600 dark:bg-slate-800"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </span>
  );
}
