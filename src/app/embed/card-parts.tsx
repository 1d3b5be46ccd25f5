import type { ReactNode } from 'react';

/**
 * The card's heading: one level-1 heading whatever it shows (the person's name, the matches, a
 * sign-in), so a screen reader lands on what the panel is about.
 */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-lg leading-snug font-semibold wrap-break-word">{children}</h1>;
}

/** What the card is doing or found, said as it changes (the requests counted, as in Find). */
export function CardStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

/** A link that leaves the panel for the console, in a new tab: the panel stays with the ticket. */
export function ConsoleLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={new URL(href, window.location.origin).href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-medium text-blue-700 underline underline-offset-2 dark:text-blue-300"
    >
      {children}
    </a>
  );
}
