import { useState, type FormEvent } from 'react';
import { announce } from '../announcer';
import { Button } from '../button';
import { ModalDialog } from '../modal-dialog';
import { cleanViewName } from './view-options';
import { NameField } from './view-name-field';
import { checkViewName, type SavedViews } from './views-store';

/** The Views menu's **Manage views…**: rename, delete, and make or remove the default. */
export function ManageViewsDialog(props: {
  saved: SavedViews;
  onChange: (next: SavedViews) => string | null;
  onClose: () => void;
}) {
  const { saved, onChange } = props;
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function change(next: SavedViews, said: string) {
    const problem = onChange(next);
    setError(problem);
    if (problem === null) announce(said);
    return problem;
  }

  function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    const name = cleanViewName(renaming.name);
    const problem =
      checkViewName(name, saved, renaming.id) ??
      change(
        {
          ...saved,
          views: saved.views.map((view) => (view.id === renaming.id ? { ...view, name } : view)),
        },
        `Renamed to ${name}`,
      );
    setError(problem);
    if (problem === null) setRenaming(null);
  }

  return (
    <ModalDialog title="Manage views" onClose={props.onClose} className="w-[min(36rem,95vw)]">
      <div className="max-h-[70vh] space-y-3 overflow-y-auto p-4">
        {error !== null && !renaming && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {error}
          </p>
        )}
        {saved.views.length === 0 ? (
          <p className="text-sm">No saved views.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {saved.views.map((view) => {
              const isDefault = view.id === saved.defaultId;
              return (
                <li key={view.id} className="py-2">
                  {renaming?.id === view.id ? (
                    <form onSubmit={rename} noValidate className="space-y-2">
                      <NameField
                        label={`New name for ${view.name}`}
                        value={renaming.name}
                        onChange={(name) => setRenaming({ id: view.id, name })}
                        error={error}
                      />
                      <div className="flex gap-2">
                        <Button type="submit" variant="primary">
                          Save
                        </Button>
                        <Button
                          onClick={() => {
                            setRenaming(null);
                            setError(null);
                          }}
                        >
                          Cancel
                        </Button>
                      </div>
                    </form>
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <bdi className="min-w-0 flex-1 font-medium break-words">{view.name}</bdi>
                      {isDefault && <span className="text-xs">Default view</span>}
                      <Button
                        aria-label={`Rename ${view.name}`}
                        onClick={() => {
                          setError(null);
                          setRenaming({ id: view.id, name: view.name });
                        }}
                      >
                        Rename
                      </Button>
                      <Button
                        aria-label={`${isDefault ? 'Remove default' : 'Make default'}: ${view.name}`}
                        onClick={() =>
                          change(
                            { ...saved, defaultId: isDefault ? null : view.id },
                            isDefault ? 'No default view' : `${view.name} is the default view`,
                          )
                        }
                      >
                        {isDefault ? 'Remove default' : 'Make default'}
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={`Delete ${view.name}`}
                        onClick={() =>
                          change(
                            {
                              views: saved.views.filter((other) => other.id !== view.id),
                              defaultId: isDefault ? null : saved.defaultId,
                            },
                            `Deleted ${view.name}`,
                          )
                        }
                      >
                        Delete
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-300">
          The default view is the one the table opens in when its address has no filters, sort or
          page of its own.
        </p>
      </div>
    </ModalDialog>
  );
}
