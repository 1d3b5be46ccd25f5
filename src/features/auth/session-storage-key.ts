/**
 * Where a session is kept (sessionStorage, or localStorage when remembered). Its own module, free
 * of imports, because the build reads it too (the boot script preconnects to a stored session's API).
 */
export const SESSION_STORAGE_KEY = 'admin-console.token';

/**
 * What a demo-mode session names as its API. Demo mode's API lives under the console's own origin,
 * so its sessions are told apart by this word: a demo token must never be sent to a real API the
 * deployment is later pointed at.
 */
export const DEMO_SESSION_API = 'demo';
