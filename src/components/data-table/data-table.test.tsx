import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SortingState } from '@tanstack/react-table';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../lib/api-schemas';
import { DataTable } from './data-table';
import type { PageParams } from './page-params';
import { useCellTabIndex } from './in-table-row';
import { createDataTableColumnHelper } from './table-features';

type Person = { id: string; name: string; city: string };

const helper = createDataTableColumnHelper<Person>();

/** A control in a cell, as the app's are: out of the Tab order inside a row. */
function OpenButton({ name }: { name: string }) {
  return (
    <button type="button" tabIndex={useCellTabIndex()}>
      Open {name}
    </button>
  );
}
const columns = helper.columns([
  helper.accessor('id', { header: 'ID' }),
  helper.accessor('name', {
    header: 'Name',
    meta: { sortable: true },
    cell: (info) => <OpenButton name={info.getValue()} />,
  }),
  helper.accessor('city', { header: 'City' }),
]);

function pageOf({ page, limit, total }: { page: number; limit: number; total: number }) {
  const first = (page - 1) * limit;
  const count = Math.max(0, Math.min(limit, total - first));
  const data = Array.from({ length: count }, (_, index) => ({
    id: `p_${first + index + 1}`,
    name: `Person ${first + index + 1}`,
    city: 'Lisbon',
  }));
  return { data, meta: { page, limit, total } } satisfies ListPage<Person>;
}

interface HarnessProps {
  /** By default, generated pages of 1,000 people follow the page state; null is no data. */
  data?: ListPage<Person> | null | 'generated';
  busy?: boolean;
  initialPage?: PageParams;
  sortable?: boolean;
  onPaginationChange?: (next: PageParams) => void;
  onSortingChange?: (next: SortingState) => void;
  onRowActivate?: (person: Person) => void;
}

/** Owns page and sorting the way the URL does for the real pages. */
function Harness({
  data = 'generated',
  busy = false,
  initialPage = { page: 1, limit: 50 },
  sortable = true,
  ...spies
}: HarnessProps) {
  const [pagination, setPagination] = useState(initialPage);
  const [sorting, setSorting] = useState<SortingState>([]);
  const shown = data === 'generated' ? pageOf({ ...pagination, total: 1000 }) : (data ?? undefined);
  return (
    <DataTable
      label="People"
      noun="people"
      columns={columns}
      data={shown}
      busy={busy}
      pagination={pagination}
      onPaginationChange={(next) => {
        spies.onPaginationChange?.(next);
        setPagination(next);
      }}
      {...(sortable
        ? {
            sorting,
            onSortingChange: (next: SortingState) => {
              spies.onSortingChange?.(next);
              setSorting(next);
            },
          }
        : {})}
      getRowId={(person) => person.id}
      onRowActivate={spies.onRowActivate}
      empty="Nobody here."
      emptyStatus="No people match"
    />
  );
}

const bodyRows = () => document.querySelectorAll('tbody tr');

describe('DataTable range text', () => {
  it('shows the range of the page in the one status element', () => {
    render(<Harness initialPage={{ page: 1, limit: 50 }} />);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent(/^1–50 of 1,000$/);
  });

  it('shows a middle and a short last page', () => {
    const { unmount } = render(<Harness data={pageOf({ page: 3, limit: 25, total: 1234 })} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^51–75 of 1,234$/);
    unmount();
    render(<Harness data={pageOf({ page: 50, limit: 25, total: 1234 })} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^1,226–1,234 of 1,234$/);
  });

  it('says that nothing matched when the result is empty, not "0 of 0"', () => {
    render(<Harness data={pageOf({ page: 1, limit: 50, total: 0 })} />);
    expect(screen.getByRole('status')).toHaveTextContent(/^No people match$/);
    expect(screen.queryByText(/Page 1 of 1/)).toBeNull();
    expect(screen.getByRole('cell', { name: 'Nobody here.' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

describe('DataTable states', () => {
  it('shows a skeleton of one row per requested row while the first page loads', () => {
    render(<Harness data={null} busy initialPage={{ page: 1, limit: 25 }} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(25);
    for (const row of bodyRows()) expect(row).toHaveAttribute('aria-hidden', 'true');
    // Only the header row is exposed; skeleton rows are decoration.
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading people…');
  });

  it('keeps the previous rows on screen, marked busy, while the next page loads', () => {
    render(<Harness data={pageOf({ page: 1, limit: 50, total: 1000 })} busy />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'p_1' })).toBeVisible();
    expect(bodyRows()).toHaveLength(50);
    expect(document.querySelector('[data-skeleton]')).toBeNull();
  });

  it('shows a skeleton rather than an empty message while an empty placeholder is replaced', () => {
    render(<Harness data={pageOf({ page: 30, limit: 50, total: 1000 })} busy />);
    expect(document.querySelectorAll('[data-skeleton]')).toHaveLength(50);
    expect(screen.queryByText('Nobody here.')).toBeNull();
  });

  it('is not busy once the page is there', () => {
    render(<Harness />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows no rows, skeleton or empty message when loading failed', () => {
    render(<Harness data={null} busy={false} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    expect(bodyRows()).toHaveLength(0);
    expect(screen.queryByText('Nobody here.')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^$/);
  });
});

describe('DataTable sorting', () => {
  it('cycles a sortable column ascending, descending, off', async () => {
    const onSortingChange = vi.fn();
    render(<Harness onSortingChange={onSortingChange} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    const button = within(header).getByRole('button', { name: 'Name' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(button).toHaveAttribute('title', 'Click to sort by name, ascending.');

    await userEvent.click(button);
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(button).toHaveAttribute('title', 'Sorted by name, ascending. Click for descending.');
    await userEvent.click(button);
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(button).toHaveAttribute(
      'title',
      'Sorted by name, descending. Click to stop sorting by name.',
    );
    await userEvent.click(button);
    expect(header).toHaveAttribute('aria-sort', 'none');

    expect(onSortingChange.mock.calls).toEqual([
      [[{ id: 'name', desc: false }]],
      [[{ id: 'name', desc: true }]],
      [[]],
    ]);
  });

  it('gives other columns neither aria-sort nor a button', () => {
    render(<Harness />);
    const header = screen.getByRole('columnheader', { name: 'City' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).queryByRole('button')).toBeNull();
  });

  it('offers no sorting at all without a sorting handler', () => {
    render(<Harness sortable={false} />);
    const header = screen.getByRole('columnheader', { name: 'Name' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).queryByRole('button')).toBeNull();
  });
});

describe('DataTable pagination', () => {
  it('disables what cannot act on the first and on the last page', async () => {
    render(<Harness />);
    const button = (name: string) => screen.getByRole('button', { name });
    expect(button('First page')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Previous page')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Next page')).not.toHaveAttribute('aria-disabled');
    expect(button('Last page')).not.toHaveAttribute('aria-disabled');

    await userEvent.click(button('Last page'));
    expect(screen.getByRole('status')).toHaveTextContent('951–1,000 of 1,000');
    expect(button('First page')).not.toHaveAttribute('aria-disabled');
    expect(button('Previous page')).not.toHaveAttribute('aria-disabled');
    expect(button('Next page')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Last page')).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for the next, previous, first and last page', async () => {
    const onPaginationChange = vi.fn();
    render(
      <Harness initialPage={{ page: 5, limit: 50 }} onPaginationChange={onPaginationChange} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPaginationChange.mock.calls.map(([next]) => next)).toEqual([
      { page: 6, limit: 50 },
      { page: 5, limit: 50 },
      { page: 4, limit: 50 },
      { page: 20, limit: 50 },
      { page: 1, limit: 50 },
    ]);
  });

  it('starts again at page 1 when the page size changes', async () => {
    const onPaginationChange = vi.fn();
    render(
      <Harness initialPage={{ page: 7, limit: 50 }} onPaginationChange={onPaginationChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('50');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(select, '25');
    expect(onPaginationChange).toHaveBeenLastCalledWith({ page: 1, limit: 25 });
    expect(bodyRows()).toHaveLength(25);
  });

  it('keeps the keyboard focus in the bar when Next becomes disabled under it', async () => {
    render(<Harness initialPage={{ page: 19, limit: 50 }} />);
    const next = screen.getByRole('button', { name: 'Next page' });
    next.focus();
    await userEvent.keyboard('{Enter}');
    // aria-disabled, not disabled: the focus stays where it was, so Tab goes on from the pager.
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('951–1,000 of 1,000');
  });
});

describe('DataTable rows', () => {
  it('opens a focused row with Enter', async () => {
    const onRowActivate = vi.fn();
    render(<Harness onRowActivate={onRowActivate} />);
    const row = screen.getByRole('row', { name: /^p_2 / });
    row.focus();
    await userEvent.keyboard('{Enter}');
    // The key handling arrives with the table's first focus.
    await waitFor(() =>
      expect(onRowActivate).toHaveBeenCalledWith({ id: 'p_2', name: 'Person 2', city: 'Lisbon' }),
    );
  });

  it('leaves Enter on a control inside the row to that control', async () => {
    const onRowActivate = vi.fn();
    render(<Harness onRowActivate={onRowActivate} />);
    screen.getByRole('button', { name: 'Open Person 2' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowActivate).not.toHaveBeenCalled();
  });

  it('is one tab stop: Tab enters at the current row and leaves for the pager', async () => {
    render(<Harness data={pageOf({ page: 1, limit: 3, total: 3 })} />);
    const rows = () => screen.getAllByRole('row').slice(1);
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    // The controls in the rows are out of the Tab order too.
    expect(screen.getByRole('button', { name: 'Open Person 1' })).toHaveAttribute('tabindex', '-1');
    rows()[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(rows()[1]).toHaveFocus();
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(rows()[1]).toHaveFocus();
  });

  it('moves with j, k, Home and End, and goes up into the sort buttons', async () => {
    render(<Harness data={pageOf({ page: 1, limit: 4, total: 4 })} />);
    const rows = () => screen.getAllByRole('row').slice(1);
    rows()[0]!.focus();
    await userEvent.keyboard('jj');
    expect(rows()[2]).toHaveFocus();
    await userEvent.keyboard('k');
    expect(rows()[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(rows()[3]).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(rows()[0]).toHaveFocus();
  });

  it('goes into a row’s controls with Right, and back out with Left or Escape', async () => {
    render(<Harness data={pageOf({ page: 1, limit: 2, total: 2 })} />);
    const row = screen.getAllByRole('row')[1]!;
    row.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Open Person 1' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(row).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Escape}');
    expect(row).toHaveFocus();
  });

  it('opens a row on a click anywhere but on its controls or a text selection', async () => {
    const onRowActivate = vi.fn();
    render(<Harness onRowActivate={onRowActivate} />);
    await userEvent.click(screen.getByRole('cell', { name: 'p_3' }));
    expect(onRowActivate).toHaveBeenLastCalledWith({ id: 'p_3', name: 'Person 3', city: 'Lisbon' });
    await userEvent.click(screen.getByRole('button', { name: 'Open Person 4' }));
    expect(onRowActivate).toHaveBeenCalledTimes(1);
    vi.spyOn(window, 'getSelection').mockReturnValue({ toString: () => 'Lisbon' } as Selection);
    await userEvent.click(screen.getAllByRole('cell', { name: 'Lisbon' })[0]!);
    expect(onRowActivate).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable column resize handles', () => {
  const VIEW = { id: 'people-resize' } as const;

  it('come after the first paint, one per shown column, each over its column’s right edge', async () => {
    render(
      <DataTable
        label="People"
        noun="people"
        columns={columns}
        data={pageOf({ page: 1, limit: 10, total: 10 })}
        busy={false}
        pagination={{ page: 1, limit: 10 }}
        onPaginationChange={() => undefined}
        getRowId={(person) => person.id}
        empty="Nobody here."
        emptyStatus="No people match"
        view={VIEW}
      />,
    );
    // Loaded lazily: not part of the render that shows the table.
    expect(screen.queryAllByRole('separator')).toEqual([]);
    const handles = await screen.findAllByRole('separator');
    expect(handles.map((handle) => handle.getAttribute('aria-label'))).toEqual([
      'Resize ID column',
      'Resize Name column',
      'Resize City column',
    ]);
    const widths = handles.map((handle) => Number(handle.getAttribute('aria-valuenow')));
    const edges = handles.map((handle) => parseFloat(handle.style.left));
    expect(edges).toEqual([
      widths[0],
      widths[0]! + widths[1]!,
      widths[0]! + widths[1]! + widths[2]!,
    ]);
  });
});
