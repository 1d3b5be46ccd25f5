/** A view's name, with what is wrong with it announced beside the box (the Views menu's dialogs). */
export function NameField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = `view-name-${props.label.length}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={id}
        data-autofocus=""
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error !== null}
        aria-describedby={props.error === null ? undefined : `${id}-error`}
        autoComplete="off"
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      {props.error !== null && (
        <p
          id={`${id}-error`}
          role="alert"
          className="text-sm break-words text-red-800 dark:text-red-200"
        >
          {props.error}
        </p>
      )}
    </div>
  );
}
