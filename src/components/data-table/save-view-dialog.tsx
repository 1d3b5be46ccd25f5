import { useState, type FormEvent } from 'react';
import { Button } from '../button';
import { ModalDialog } from '../modal-dialog';
import { cleanViewName } from './view-options';
import { NameField } from './view-name-field';
import { checkViewName, type SavedViews } from './views-store';

/** The Views menu's **Save view…**: a name for the table's view, refused when taken or empty. */
export function SaveViewDialog(props: {
  saved: SavedViews;
  /** Saves under the name; returns why it could not, or null. */
  onSave: (name: string) => string | null;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const clean = cleanViewName(name);
    const problem = checkViewName(clean, props.saved) ?? props.onSave(clean);
    setError(problem);
    if (problem === null) event.currentTarget.closest('dialog')?.close();
  }

  return (
    <ModalDialog title="Save view" onClose={props.onClose} className="w-[min(28rem,95vw)]">
      <form onSubmit={submit} noValidate className="space-y-3 p-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Keeps this table&rsquo;s filters, sort, rows per page, hidden columns, column widths and
          row density, in this browser.
        </p>
        <NameField label="View name" value={name} onChange={setName} error={error} />
        <div className="flex justify-end">
          <Button type="submit" variant="primary">
            Save
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
