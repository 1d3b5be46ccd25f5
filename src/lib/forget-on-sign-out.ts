/**
 * What holds a person's data in memory by API profile and is loaded later than start-up (Find
 * product's readings) registers here, so sign-out forgets it without start-up importing it. What
 * is held per query client instead (Find's searches, the Overview's counts, the users and products
 * seen) is lib/client-memory.ts's.
 */
type Forget = (profileKey: string) => void;
const forgetters = new Set<Forget>();

/** `forget` is told which API profile was signed out of (lib/api-profile.ts). */
export function forgetOnSignOut(forget: Forget): void {
  forgetters.add(forget);
}

export function forgetRegisteredData(profileKey = ''): void {
  for (const forget of forgetters) forget(profileKey);
}
