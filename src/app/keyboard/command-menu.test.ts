import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { requestLog } from '../../lib/request-log';
import { setTimeZoneChoice, timeZoneChoice, timeZoneChoiceLabel } from '../../lib/time-zone';
import { rememberProducts } from '../../features/products/seen-products';
import { commandsFor, pageActions } from './command-menu';

describe('commandsFor: switching APIs', () => {
  const others = [{ key: 'Staging', name: 'Staging' }];

  it('offers the other APIs, named, before Find takes the text', () => {
    const commands = commandsFor(new QueryClient(), 'switch', [], others);
    expect(commands[0]).toMatchObject({ label: 'Switch to API Staging', api: 'Staging' });
    expect(commands.map((command) => command.id)).toContain('find');
    expect(commandsFor(new QueryClient(), 'stag', [], others)[0]?.api).toBe('Staging');
  });

  it('offers none when the text names no API, or with a single API', () => {
    expect(commandsFor(new QueryClient(), 'grace', [], others).some((command) => command.api)).toBe(
      false,
    );
    expect(commandsFor(new QueryClient(), 'switch', []).some((command) => command.api)).toBe(false);
  });
});

describe('commandsFor: products (#40)', () => {
  const torch = {
    id: 'prod_e0517ffd4c',
    name: 'Crème Brûlée Torch',
    description: 'A torch.',
    price: 24.5,
    category: 'Home & Garden',
  };
  it('opens a product by its id or a pasted product link, first', () => {
    expect(commandsFor(new QueryClient(), 'PROD_E0517FFD4C', [])[0]).toMatchObject({
      label: 'Open product prod_e0517ffd4c',
      to: '/products?product=prod_e0517ffd4c',
    });
    expect(
      commandsFor(
        new QueryClient(),
        'https://c.example/products?category=Books&product=prod_x1',
        [],
      )[0],
    ).toMatchObject({
      to: '/products?category=Books&product=prod_x1',
    });
  });

  it('suggests the products the tab has seen by a word of the name or the id, with no request', () => {
    const tab = new QueryClient();
    expect(
      commandsFor(tab, 'brulee', []).some((command) => command.id.startsWith('seen-product:')),
    ).toBe(false);
    rememberProducts(tab, [torch]);
    for (const text of ['brulee', 'Crème', 'prod_e05']) {
      expect(
        commandsFor(tab, text, []).map((command) => command.label),
        text,
      ).toContain('Open product Crème Brûlée Torch (prod_e0517ffd4c)');
    }
    const seen = commandsFor(tab, 'brulee', []).find((command) =>
      command.id.startsWith('seen-product:'),
    );
    expect(seen?.to).toBe('/products?product=prod_e0517ffd4c');
    // Another API's client (another profile) has seen none.
    expect(
      commandsFor(new QueryClient(), 'brulee', []).some((command) =>
        command.id.startsWith('seen-product:'),
      ),
    ).toBe(false);
  });

  it('offers Find product for words, after Find', () => {
    const labels = commandsFor(new QueryClient(), 'creme brulee', []).map(
      (command) => command.label,
    );
    expect(labels).toEqual(
      expect.arrayContaining(['Find “creme brulee”', 'Find product “creme brulee”']),
    );
    expect(labels.indexOf('Find product “creme brulee”')).toBeGreaterThan(
      labels.indexOf('Find “creme brulee”'),
    );
    expect(
      commandsFor(new QueryClient(), 'creme brulee', []).find(
        (command) => command.id === 'find-product',
      )?.to,
    ).toBe('/products?find=creme+brulee');
    expect(
      commandsFor(new QueryClient(), 'ada@example.org', []).some(
        (command) => command.id === 'find-product',
      ),
    ).toBe(false);
  });
});

describe('pageActions: what the menu can do on the page', () => {
  /** With UTC in force, as by default. */
  const TIME_ZONES = ['Time zone: UTC (in use)', `Time zone: ${timeZoneChoiceLabel('device')}`];
  const session = { signedIn: true, renewable: true, renew: () => {}, signOut: () => {} };
  // Download log is offered once the log holds something: what other test files asked is not ours.
  beforeEach(() => requestLog.clear());

  function page(html: string) {
    document.body.innerHTML = html;
    onTestFinished(() => {
      document.body.innerHTML = '';
    });
  }

  it('offers only what applies: the table actions where the page has a table', () => {
    page('<header><button>Requests</button></header><main id="main"><h1>Account</h1></main>');
    expect(pageActions(session).map((action) => action.label)).toEqual([
      'Requests',
      'Renew session',
      'Sign out',
      'Toggle theme',
      ...TIME_ZONES,
    ]);
    page(
      '<header><button>Requests</button></header><main id="main"><button>Views</button><button>Export CSV</button></main>',
    );
    expect(pageActions({ ...session, renewable: false }).map((action) => action.label)).toEqual([
      'Requests',
      'Export CSV',
      'Save view…',
      'Sign out',
      'Toggle theme',
      ...TIME_ZONES,
    ]);
  });

  it('runs an action with the page’s own control', () => {
    page('<main id="main"><button>Export CSV</button></main>');
    const click = vi.fn();
    document.querySelector('button')?.addEventListener('click', click);
    pageActions(session)
      .find((action) => action.label === 'Export CSV')
      ?.act?.();
    expect(click).toHaveBeenCalledOnce();
  });

  it('opens the Views menu and picks Save view… once the menu shows it', async () => {
    page('<main id="main"><button>Views</button></main>');
    const saveView = vi.fn();
    document.querySelector('button')?.addEventListener('click', () => {
      const item = document.createElement('div');
      item.setAttribute('role', 'menuitem');
      item.textContent = 'Save view…';
      item.addEventListener('click', saveView);
      setTimeout(() => document.body.append(item), 10);
    });
    pageActions(session)
      .find((action) => action.label === 'Save view…')
      ?.act?.();
    await vi.waitFor(() => expect(saveView).toHaveBeenCalledOnce());
  });

  it('toggles the theme between light and dark', () => {
    document.documentElement.classList.remove('dark');
    const toggle = pageActions(session).find((action) => action.label === 'Toggle theme');
    toggle?.act?.();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    toggle?.act?.();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('lists the actions the typed text names, after the pages', () => {
    const actions = pageActions(session);
    expect(
      commandsFor(new QueryClient(), 'sign', [], [], actions).map((command) => command.label),
    ).toEqual(['Sign out', 'Find “sign”', 'Find product “sign”']);
    expect(commandsFor(new QueryClient(), '', [], [], actions).at(-1)?.label).toBe(TIME_ZONES[1]);
    expect(
      commandsFor(new QueryClient(), 'time zone', [], [], actions).map((command) => command.label),
    ).toEqual([...TIME_ZONES, 'Find “time zone”', 'Find product “time zone”']);
  });

  it('sets the time zone: this device’s, then UTC again, the one in use marked', () => {
    onTestFinished(() => setTimeZoneChoice('utc'));
    const device = pageActions(session).find((action) => action.id === 'time-zone:device');
    device?.act?.();
    expect(timeZoneChoice()).toBe('device');
    const labels = pageActions(session).map((action) => action.label);
    expect(labels).toContain(`Time zone: ${timeZoneChoiceLabel('device')} (in use)`);
    expect(labels).toContain('Time zone: UTC');
    pageActions(session)
      .find((action) => action.id === 'time-zone:utc')
      ?.act?.();
    expect(timeZoneChoice()).toBe('utc');
  });
});

describe('pageActions: Download log', () => {
  it('opens Requests and downloads from there, where the panel says what was saved', async () => {
    const { requestLog } = await import('../../lib/request-log');
    vi.spyOn(requestLog, 'entries').mockReturnValue([{} as never]);
    document.body.innerHTML = '<header><button>Requests</button></header><main id="main"></main>';
    onTestFinished(() => {
      document.body.innerHTML = '';
      vi.restoreAllMocks();
    });
    const download = vi.fn();
    document.querySelector('button')?.addEventListener('click', () => {
      const button = document.createElement('button');
      button.textContent = 'Download log';
      button.addEventListener('click', download);
      setTimeout(() => document.body.append(button), 10);
    });
    pageActions({ signedIn: true, renewable: false, renew: () => {}, signOut: () => {} })
      .find((action) => action.label === 'Download log')
      ?.act?.();
    await vi.waitFor(() => expect(download).toHaveBeenCalledOnce());
  });
});
