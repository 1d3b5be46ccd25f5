/** The console's page for one user; ids are encoded, as they come from the API or a paste. */
export function userPath(id: string): string {
  return `/users/${encodeURIComponent(id)}`;
}
