import { ModalDialog } from '../../components/modal-dialog';

const GROUPS: { title: string; keys: [keys: string[], what: string][] }[] = [
  {
    title: 'Anywhere',
    keys: [
      [['?'], 'Show this list'],
      [
        ['Ctrl', 'K'],
        'Command menu: go to a page, look a user up (Cmd+K on a Mac; works in text boxes too)',
      ],
      [['/'], 'Put the cursor in Find'],
      [['g', 'o'], 'Go to Overview'],
      [['g', 'u'], 'Go to Users'],
      [['g', 'p'], 'Go to Products'],
      [['g', 'a'], 'Go to Account'],
      [['Esc'], 'Close a dialog, a menu or the recent lookups; leave a search or filter box'],
    ],
  },
  {
    title: 'In a table',
    keys: [
      [['Tab'], 'Into the table at its current row, and on to the pager'],
      [['j', '↓'], 'Next row (j from anywhere on the page: into the table)'],
      [['k', '↑'], 'Previous row'],
      [['Home', 'End'], 'First row, last row'],
      [['Enter'], 'Open the row (a user, or a product’s details)'],
      [['→', '←'], 'Into the row’s link and copy button, and back'],
      [['c'], 'Copy the row’s ID'],
      [['[', ']'], 'Previous page, next page (the focus stays on the same row)'],
    ],
  },
];

/**
 * Every keyboard shortcut, opened with `?`. None acts while typing in a field, and none but the
 * command menu's uses Ctrl, Alt or Cmd.
 */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      onClose={onClose}
      className="max-h-[calc(100dvh-1rem)] w-[min(34rem,calc(100vw-1rem))]"
    >
      <div className="space-y-4 overflow-y-auto p-4 text-sm">
        {GROUPS.map((group) => (
          <section key={group.title} className="space-y-1">
            <h3 className="font-medium text-slate-600 dark:text-slate-300">{group.title}</h3>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5">
              {group.keys.map(([keys, what]) => (
                <div key={what} className="contents">
                  <dt className="flex gap-1">
                    {keys.map((key) => (
                      <kbd
                        key={key}
                        className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
                      >
                        {key}
                      </kbd>
                    ))}
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="text-slate-600 dark:text-slate-300">
          Shortcuts do nothing while the cursor is in a text field.
        </p>
      </div>
    </ModalDialog>
  );
}
