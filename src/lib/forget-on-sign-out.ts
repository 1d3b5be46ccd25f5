/**
 * What holds a person's data in memory and is loaded later than start-up (the users seen, Find's
 * searches) registers here, so sign-out forgets it without start-up importing it.
 */
const forgetters = new Set<() => void>();

export function forgetOnSignOut(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetRegisteredData(): void {
  for (const forget of forgetters) forget();
}
