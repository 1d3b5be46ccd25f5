import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link, NavLink } from './link';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">
      {`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}
    </output>
  );
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const active = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');

describe('Link', () => {
  it('is a real link to its address, and a click navigates in the app with its state', async () => {
    renderAt(
      '/products',
      <Link to="/users/u_1?x=1" state={{ from: 'list' }} className="c">
        Open
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link).toHaveAttribute('href', '/users/u_1?x=1');
    expect(link).toHaveClass('c');
    await userEvent.click(link);
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(
      '/users/u_1?x=1 {"from":"list"}',
    );
  });

  it('runs its own onClick first, which can keep the navigation from happening', async () => {
    const seen = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      '/products',
      <Link to="/users" onClick={seen}>
        Users
      </Link>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Users' }));
    expect(seen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/products');
  });

  it('leaves a modified click (a new tab) to the browser', () => {
    renderAt('/products', <Link to="/users">Users</Link>);
    const link = screen.getByRole('link', { name: 'Users' });
    let leftToBrowser: boolean | undefined;
    // After React's handlers (on the root): note whether they left the default, then stop jsdom
    // from attempting the navigation itself.
    const afterReact = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', afterReact);
    fireEvent.click(link, { ctrlKey: true });
    window.removeEventListener('click', afterReact);
    expect(leftToBrowser).toBe(true);
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/products');
  });
});

describe('NavLink', () => {
  it.each([
    ['/users', true],
    ['/users/u_1', true],
    ['/USERS', true],
    ['/users-archive', false],
    ['/products', false],
  ])('at %s, the Users link is current: %s', (path, current) => {
    renderAt(
      path,
      <NavLink to="/users" className={active}>
        Users
      </NavLink>,
    );
    const link = screen.getByRole('link', { name: 'Users' });
    expect(link).toHaveClass(current ? 'on' : 'off');
    if (current) expect(link).toHaveAttribute('aria-current', 'page');
    else expect(link).not.toHaveAttribute('aria-current');
  });
});
