import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListPage } from '../../lib/api-schemas';
import { DataTable } from './data-table';
import type { PageParams } from './page-params';
import { createDataTableColumnHelper } from './table-features';

type Person = { id: string; name: string };
const helper = createDataTableColumnHelper<Person>();
const columns = helper.columns([
  helper.accessor('id', { header: 'ID' }),
  helper.accessor('name', { header: 'Name' }),
]);

function pageOf({ page, limit }: PageParams): ListPage<Person> {
  const data = Array.from({ length: limit }, (_, index) => {
    const n = (page - 1) * limit + index + 1;
    return { id: `p_${n}`, name: `Person ${n}` };
  });
  return { data, meta: { page, limit, total: 100 } };
}

/** One page of people; the page is the caller's (a test may turn it from outside the table). */
function PeopleTable({
  pagination,
  onPaginationChange = () => undefined,
  onOpen,
}: {
  pagination: PageParams;
  onPaginationChange?: (next: PageParams) => void;
  onOpen: (person: Person) => void;
}) {
  return (
    <DataTable
      label="People"
      noun="people"
      columns={columns}
      data={pageOf(pagination)}
      busy={false}
      pagination={pagination}
      onPaginationChange={onPaginationChange}
      getRowId={(person) => person.id}
      onRowActivate={onOpen}
      empty="Nobody."
      emptyStatus="No people"
    />
  );
}

function Harness({ onOpen = () => undefined }: { onOpen?: (person: Person) => void }) {
  const [pagination, setPagination] = useState<PageParams>({ page: 1, limit: 10 });
  return <PeopleTable pagination={pagination} onPaginationChange={setPagination} onOpen={onOpen} />;
}

const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-id="${id}"]`);
/** What global-shortcuts.tsx does for `]`/`[`: the pager's own button, clicked by script. */
const clickPager = (name: string) => act(() => screen.getByRole('button', { name }).click());

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the focus across pages', () => {
  it('stays at the same row position when ] or [ turns the page from a row', async () => {
    render(<Harness />);
    row('p_3')?.focus();
    // The keys arrive with the focus (a dynamic import).
    await act(() => import('./row-keys'));
    fireEvent.keyDown(row('p_3') as HTMLElement, { key: ']' });
    clickPager('Next page');
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(row('p_13')).toHaveFocus();
    expect(row('p_13')).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(row('p_13') as HTMLElement, { key: '[' });
    clickPager('Previous page');
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(row('p_3')).toHaveFocus();
  });

  it('leaves the focus alone when the page turns by other means', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Person 11')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveFocus();
  });

  it('puts the focus back on the row opened when its table comes back at the same URL', async () => {
    window.history.replaceState(null, '', '/people?page=1');
    const first = render(<Harness />);
    row('p_4')?.focus();
    await userEvent.keyboard('{Enter}');
    first.unmount();
    render(<Harness />);
    expect(row('p_4')).toHaveFocus();
    expect(row('p_4')).toHaveAttribute('tabindex', '0');
  });

  it('forgets the row opened when another URL, or a later visit, shows a table', async () => {
    window.history.replaceState(null, '', '/people?page=1');
    const first = render(<Harness />);
    await userEvent.click(screen.getByText('Person 5'));
    first.unmount();
    window.history.replaceState(null, '', '/people?page=2');
    const second = render(<Harness />);
    expect(row('p_5')).not.toHaveFocus();
    second.unmount();
    window.history.replaceState(null, '', '/people?page=1');
    render(<Harness />);
    expect(row('p_5')).not.toHaveFocus();
  });

  it('does not take the focus from where the person has put it meanwhile', async () => {
    window.history.replaceState(null, '', '/people');
    const first = render(<Harness />);
    await userEvent.click(screen.getByText('Person 2'));
    first.unmount();
    const box = document.createElement('input');
    document.body.append(box);
    box.focus();
    render(<Harness />);
    expect(box).toHaveFocus();
    box.remove();
  });
});

describe('a row pressed as the rows change under the pointer', () => {
  const Table = ({ page, onOpen }: { page: number; onOpen: (person: Person) => void }) => (
    <PeopleTable pagination={{ page, limit: 10 }} onOpen={onOpen} />
  );
  const primary = { button: 0, isPrimary: true };
  const settle = () => act(() => import('./row-keys'));

  it('opens the row pressed, once, when the next page replaced it before the release', async () => {
    const opened: string[] = [];
    const onOpen = (person: Person) => opened.push(person.id);
    const { rerender } = render(<Table page={1} onOpen={onOpen} />);
    const pressed = screen.getByRole('cell', { name: 'Person 3' });
    fireEvent.pointerDown(pressed, primary);
    // The page asked for comes in between the press and the release: the browser sends no click.
    rerender(<Table page={2} onOpen={onOpen} />);
    expect(pressed.isConnected).toBe(false);
    fireEvent.pointerUp(screen.getByRole('cell', { name: 'Person 13' }), primary);
    // A browser that does send a click then, on the row now under the pointer: not a second one.
    fireEvent.click(screen.getByRole('cell', { name: 'Person 13' }), primary);
    await settle();
    expect(opened).toEqual(['p_3']);
  });

  it('opens nothing on a release outside the table, a cancelled press, or a row still there', async () => {
    const opened: string[] = [];
    const onOpen = (person: Person) => opened.push(person.id);
    const { rerender } = render(<Table page={1} onOpen={onOpen} />);
    fireEvent.pointerDown(screen.getByRole('cell', { name: 'Person 3' }), primary);
    rerender(<Table page={2} onOpen={onOpen} />);
    // Moved out of the table and released there; then a press that began outside ends on a row.
    fireEvent.pointerLeave(screen.getAllByRole('rowgroup')[1] as HTMLElement, primary);
    fireEvent.pointerUp(document.body, primary);
    fireEvent.pointerUp(screen.getByRole('cell', { name: 'Person 13' }), primary);
    fireEvent.pointerDown(screen.getByRole('cell', { name: 'Person 13' }), primary);
    rerender(<Table page={3} onOpen={onOpen} />);
    fireEvent.pointerCancel(screen.getByRole('cell', { name: 'Person 23' }), primary);
    fireEvent.pointerUp(screen.getByRole('cell', { name: 'Person 23' }), primary);
    await settle();
    expect(opened).toEqual([]);
    // An ordinary press and release on a row that stays: the click opens it, the release does not.
    fireEvent.pointerDown(screen.getByRole('cell', { name: 'Person 24' }), primary);
    fireEvent.pointerUp(screen.getByRole('cell', { name: 'Person 24' }), primary);
    fireEvent.click(screen.getByRole('cell', { name: 'Person 24' }), primary);
    await settle();
    expect(opened).toEqual(['p_24']);
  });
});
