import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import type { ListPage } from '../../lib/api-schemas';
import { parseCsv } from '../../test/parse-csv';
import { testQueryClient } from '../../test/api-test-server';
import { DataTable } from './data-table';
import type { ExportSource, ExportSourceLoader } from './export/export-source';
import { createDataTableColumnHelper } from './table-features';

type Person = { id: string; name: string; city: string };

const helper = createDataTableColumnHelper<Person>();
const columns = helper.columns([
  helper.accessor('id', { header: 'ID', meta: { alwaysVisible: true } }),
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('city', { header: 'City' }),
]);

function people(total: number): Person[] {
  return Array.from({ length: total }, (_, index) => ({
    id: `p_${index + 1}`,
    name: index === 0 ? '=cmd|"/c calc"!A1' : `Person ${index + 1}`,
    city: 'Lisbon, PT',
  }));
}

/** An API of `total` people; `fail(page)` may throw instead of answering. */
function fakeSource(total: number, fail?: (page: number) => ApiError | undefined) {
  const all = people(total);
  const pages: number[] = [];
  const signals: AbortSignal[] = [];
  let hold: Promise<void> | undefined;
  const source: ExportSource<Person> = {
    resource: 'people',
    fields: ['id', 'name', 'city'],
    async fetchPage(_queryClient, page, limit, signal) {
      pages.push(page);
      signals.push(signal);
      if (hold) await hold;
      signal.throwIfAborted();
      const error = fail?.(page);
      if (error) throw error;
      const data = all.slice((page - 1) * limit, page * limit);
      return { data, meta: { page, limit, total } } satisfies ListPage<Person>;
    },
  };
  return {
    source,
    pages,
    signals,
    /** Leaves every request hanging until the returned function is called. */
    holdRequests() {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

interface TableProps {
  source?: ExportSource<Person>;
  id?: string;
  /** How many people the view on screen has. */
  shown?: number;
}

function Table({ source, id = 'people', shown = 3 }: TableProps) {
  const loader: ExportSourceLoader<Person> | undefined = source && {
    resource: source.resource,
    load: async () => source,
  };
  const first = people(shown);
  return (
    <DataTable
      label="People"
      noun="people"
      columns={columns}
      data={{ data: first, meta: { page: 1, limit: 50, total: shown } }}
      busy={false}
      pagination={{ page: 1, limit: 50 }}
      onPaginationChange={() => {}}
      getRowId={(person) => person.id}
      emptyStatus="No people"
      empty="Nobody here."
      view={{ id, ...(loader ? { export: loader } : {}) }}
    />
  );
}

function renderTable(props: TableProps = {}) {
  const queryClient = testQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <Table {...props} />
    </QueryClientProvider>,
  );
}

/** The files the export handed to the browser, read back. */
const downloads: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  downloads.length = 0;
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => localStorage.clear());

async function fileText(index = 0): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await downloads[index]!.blob.arrayBuffer());
  return { bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)) };
}

const exportButton = () => screen.getByRole('button', { name: 'Export CSV' });
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);

describe('view options', () => {
  it('hides a column from the Columns menu and remembers it for that table', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    expect(headers()).toEqual(['ID', 'Name', 'City']);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'City' }));
    expect(headers()).toEqual(['ID', 'Name']);
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell')).toHaveLength(2);
    unmount();

    const again = renderTable();
    expect(headers()).toEqual(['ID', 'Name']);
    again.unmount();
    renderTable({ id: 'other' });
    expect(headers()).toEqual(['ID', 'Name', 'City']);
  });

  it('applies and remembers the row density', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    const density = screen.getByRole('combobox', { name: 'Row density' });
    expect(density).toHaveValue('comfortable');
    expect(screen.getAllByRole('cell')[0]).toHaveClass('py-2');
    await user.selectOptions(density, 'Compact');
    expect(screen.getAllByRole('cell')[0]).toHaveClass('py-0.5');
    unmount();
    renderTable();
    expect(screen.getByRole('combobox', { name: 'Row density' })).toHaveValue('compact');
  });

  it('comes up with the defaults when what is stored is corrupt', () => {
    localStorage.setItem('admin-console.view.people', '{"hidden":["id"],"density":');
    renderTable();
    expect(headers()).toEqual(['ID', 'Name', 'City']);
    expect(screen.getByRole('combobox', { name: 'Row density' })).toHaveValue('comfortable');
  });
});

describe('Export CSV', () => {
  it('writes every page, with a BOM and every API field, whatever columns are hidden', async () => {
    const user = userEvent.setup();
    const api = fakeSource(250);
    renderTable({ source: api.source });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'City' }));
    await user.keyboard('{Escape}');

    await user.click(exportButton());
    expect(
      await screen.findByText(/^Exported 250 people to people-\d{4}-\d\d-\d\d\.csv\.$/),
    ).toBeVisible();
    expect(api.pages).toEqual([1, 2, 3]);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toMatch(/^people-\d{4}-\d\d-\d\d\.csv$/);
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const { bytes, text } = await fileText();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['id', 'name', 'city']);
    expect(rows).toHaveLength(250);
    expect(rows[0]).toEqual(['p_1', `'=cmd|"/c calc"!A1`, 'Lisbon, PT']);
    await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-disabled'));
  });

  it('shows progress against the first total, and holds the button while it runs', async () => {
    const user = userEvent.setup();
    const api = fakeSource(250);
    renderTable({ source: api.source });
    await user.click(exportButton());
    await screen.findByText('Exported 250 people', { exact: false });
    // Again, with the second page held back.
    const release = api.holdRequests();
    await user.click(exportButton());
    const bar = await screen.findByRole('progressbar', { name: 'Export progress' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    await waitFor(() => expect(exportButton()).toHaveAttribute('aria-disabled', 'true'));
    await user.click(exportButton());
    expect(api.pages).toEqual([1, 2, 3, 1]);
    release();
    await screen.findByText(/^Exported 250 people/);
    expect(downloads).toHaveLength(2);
  });

  it('asks first above 10,000 rows, saying how many requests, and sends none when told no', async () => {
    const user = userEvent.setup();
    const api = fakeSource(12_345);
    renderTable({ source: api.source });
    await user.click(exportButton());
    expect(
      await screen.findByText(
        /This view has 12,345 people\. Exporting them all takes 124 requests to the API/,
      ),
    ).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).toHaveAttribute('aria-valuemax', '12345');
    expect(screen.getByRole('button', { name: 'Export all 12,345 people' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(
      screen.getByText('Export cancelled after 100 people; no file was written.'),
    ).toBeVisible();
    expect(api.pages).toEqual([1]);
    expect(downloads).toHaveLength(0);

    await user.click(exportButton());
    const exportAll = await screen.findByRole('button', { name: 'Export all 12,345 people' });
    // Yes: the question goes, and the progress shows while the next page is on its way.
    const release = api.holdRequests();
    await user.click(exportAll);
    expect(screen.queryByText(/This view has/)).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    release();
    await screen.findByText(/^Exported 12,345 people/, undefined, { timeout: 5000 });
    expect(api.pages).toHaveLength(1 + 124);
  });

  it('stops at a failure with an alert, and Try again goes on from the failed page', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = fakeSource(250, (page) => {
      if (page !== 2 || failures === 0) return undefined;
      failures -= 1;
      return new ApiError({
        kind: 'http',
        status: 503,
        method: 'GET',
        url: 'https://api.test/v1/people?page=2',
        requestId: 'req_abc123',
      });
    });
    renderTable({ source: api.source });
    await user.click(exportButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('503');
    expect(alert).toHaveTextContent('req_abc123');
    expect(alert).toHaveTextContent('100 people fetched so far are kept');
    expect(screen.getByText('Stopped at 100 of 250 people')).toBeVisible();
    await waitFor(() => expect(exportButton()).toHaveAttribute('aria-disabled', 'true'));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText(/^Exported 250 people/);
    expect(api.pages).toEqual([1, 2, 2, 3]);
    const [, ...rows] = parseCsv((await fileText()).text);
    expect(rows.map((row) => row[0])).toEqual(people(250).map((person) => person.id));
  });

  it('offers no Try again where trying again cannot help, but lets the export be cancelled', async () => {
    const user = userEvent.setup();
    const api = fakeSource(
      250,
      () => new ApiError({ kind: 'http', status: 403, method: 'GET', url: 'https://api.test/x' }),
    );
    renderTable({ source: api.source });
    await user.click(exportButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Cancel export' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(exportButton()).not.toHaveAttribute('aria-disabled'));
  });

  it('cancels the request in flight when the page goes away', async () => {
    const user = userEvent.setup();
    const api = fakeSource(250);
    const { unmount } = renderTable({ source: api.source });
    api.holdRequests();
    await user.click(exportButton());
    await vi.waitFor(() => expect(api.signals).toHaveLength(1));
    unmount();
    expect(api.signals[0]!.aborted).toBe(true);
  });

  it('is disabled, saying why, when the view has no rows, and a press asks for nothing', async () => {
    const user = userEvent.setup();
    const api = fakeSource(0);
    renderTable({ source: api.source, shown: 0 });
    expect(exportButton()).toHaveAttribute('aria-disabled', 'true');
    expect(exportButton()).toHaveAccessibleDescription(
      'Nothing to export: no people in this view.',
    );
    expect(screen.getByText('Nothing to export: no people in this view.')).toBeVisible();
    await user.click(exportButton());
    expect(exportButton()).toHaveFocus();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(api.pages).toEqual([]);
    expect(downloads).toHaveLength(0);
  });

  it('writes no file when the view has emptied since its rows were shown, and says so', async () => {
    const user = userEvent.setup();
    const api = fakeSource(0);
    renderTable({ source: api.source });
    expect(exportButton()).not.toHaveAttribute('aria-disabled');
    expect(exportButton()).not.toHaveAccessibleDescription();
    await user.click(exportButton());
    expect(
      await screen.findByText(
        'Nothing to export: the view has no people now; no file was written.',
      ),
    ).toBeVisible();
    expect(api.pages).toEqual([1]);
    expect(downloads).toHaveLength(0);
    expect(screen.queryByText(/^Exported/)).toBeNull();
  });
});
