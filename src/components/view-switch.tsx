import { Button } from './button';

/**
 * Two or more ways to show the same thing, as toggle buttons (APG button pattern, aria-pressed)
 * in a group named "View". Exactly one is pressed.
 */
export function ViewSwitch<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label="View" className="inline-flex gap-1">
      {options.map((option) => (
        <Button
          key={option.value}
          aria-pressed={value === option.value}
          variant={value === option.value ? 'primary' : 'secondary'}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
