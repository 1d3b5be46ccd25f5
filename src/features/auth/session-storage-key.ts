/**
 * Where a session is kept (sessionStorage, or localStorage when remembered). Its own module, free
 * of imports, because the build reads it too (the boot script preconnects to a stored session's API).
 */
export const SESSION_STORAGE_KEY = 'admin-console.token';
