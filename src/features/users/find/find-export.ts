import type { ExportSourceLoader } from '../../../components/data-table/export/export-source';
import { foldText } from '../../../lib/list-search/text-fold';
import { userFields, USERS_CSV_NOTE, type User } from '../api/users-api';
import type { FindMode } from './find-users';

/** Export CSV writes the matches (already in hand, as filtered), with the export's CSV rules. */
export function matchesExport(
  matches: readonly User[],
  fileLabel: string,
): ExportSourceLoader<User> {
  return {
    resource: 'users',
    note: USERS_CSV_NOTE,
    load: async () => ({
      resource: 'users',
      fileLabel,
      fields: userFields,
      fetchPage: async (_queryClient, page, limit) => ({
        data: matches.slice((page - 1) * limit, page * limit),
        meta: { total: matches.length, page, limit },
      }),
    }),
  };
}

/** `users-find-kowalski`: the file says what it holds (the date follows). */
export function exportLabel(mode: FindMode, text: string): string {
  const slug = foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `users-find${mode === 'anywhere' ? '-anywhere' : ''}-${slug || 'search'}`;
}
