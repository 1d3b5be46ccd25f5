/** What the Signed up filter needs to open Find's search, loaded when it is first used. */
export { parseDateQuery } from './find/date-query';
export { findPath } from './find/find-query';
