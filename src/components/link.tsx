import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, useLocation, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** History state for the page it opens (the users list's view, for its Back link). */
  state?: unknown;
  replace?: boolean;
}

/**
 * An in-app link: a real `<a href>` (open in a new tab, copy the address), and a client-side
 * navigation on a plain click. React Router's own `Link` does the same plus framework mode's
 * prefetching and view transitions, which a single-page console never uses but every page's
 * first render would download (about 2.5 KB gzipped; docs/decisions/005-own-links.md).
 */
export function Link({ to, state, replace, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state, replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  to: string;
  className: (state: { isActive: boolean }) => string;
}

/**
 * A header link: current (`aria-current="page"`) on its own page and on the pages under it
 * (`/users` on `/users/u_1`), as React Router's `NavLink` without `end`.
 */
export function NavLink({ to, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = to.toLowerCase();
  const here = pathname.toLowerCase();
  const isActive = here === path || here.startsWith(path.endsWith('/') ? path : `${path}/`);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={className({ isActive })}
    />
  );
}
