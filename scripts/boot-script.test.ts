import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootScript, type BootRoute } from './boot-script';

const ROUTES: BootRoute[] = [
  { key: 'login', pattern: '^\\/login\\/?$', files: ['/assets/login.js'] },
  { key: 'users', pattern: '^\\/(?:users\\/?)?$', files: ['/assets/users.js', '/assets/table.js'] },
  { key: 'user', pattern: '^\\/users\\/[^/]+\\/?$', files: ['/assets/user.js'] },
];

function run(path: string) {
  window.history.replaceState(null, '', path);
  new Function(bootScript(ROUTES, 'session-key', ['/assets/react.js']))();
}

const links = (rel: string) =>
  [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) =>
    link.getAttribute('href'),
  );

describe('bootScript', () => {
  const fetchSpy = vi.fn(() => new Promise<Response>(() => undefined));
  beforeEach(() => {
    // A spy, not vi.stubGlobal: restoring a stubbed fetch left a later file's MSW server unable
    // to intercept (the test files share one realm; see oidc-client.test.ts).
    vi.spyOn(globalThis, 'fetch').mockImplementation(fetchSpy);
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    document.head.innerHTML = '';
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>).__adminConsoleConfig;
  });

  it('preloads the page’s code and preconnects to a stored session’s API', () => {
    sessionStorage.setItem(
      'session-key',
      JSON.stringify({ token: 't', api: 'https://api.example.com/v' }),
    );
    run('/users/user_1');
    expect(links('modulepreload')).toEqual(['/assets/react.js', '/assets/user.js']);
    expect(links('preconnect')).toEqual(['https://api.example.com']);
    expect(document.head.querySelector('link[rel="preconnect"]')?.getAttribute('crossorigin')).toBe(
      'anonymous',
    );
  });

  it('matches the path in any case, as the console’s router does', () => {
    sessionStorage.setItem('session-key', JSON.stringify({ token: 't', api: 'https://a.example' }));
    run('/USERS/user_1/');
    expect(links('modulepreload')).toEqual(['/assets/react.js', '/assets/user.js']);
  });

  it('starts the config.json request and leaves it for start-up', () => {
    run('/login');
    expect(fetchSpy).toHaveBeenCalledWith('/config.json', {
      headers: { Accept: 'application/json' },
    });
    expect((window as unknown as Record<string, unknown>).__adminConsoleConfig).toBeInstanceOf(
      Promise,
    );
  });

  it('preloads the sign-in page when no session is stored, wherever the link points', () => {
    run('/users');
    expect(links('modulepreload')).toEqual(['/assets/react.js', '/assets/login.js']);
    expect(links('preconnect')).toEqual([]);
  });

  it('does not preconnect for the demo (same origin) or a stored value it cannot read', () => {
    sessionStorage.setItem('session-key', JSON.stringify({ token: 't', api: 'demo' }));
    run('/users');
    expect(links('modulepreload')).toEqual([
      '/assets/react.js',
      '/assets/users.js',
      '/assets/table.js',
    ]);
    expect(links('preconnect')).toEqual([]);
    document.head.innerHTML = '';
    sessionStorage.setItem('session-key', '{not json');
    run('/users');
    expect(links('preconnect')).toEqual([]);
  });

  it('loads the locale data once the first frame has painted, not while the page parses', () => {
    // Timers only: the frame is this test's own stub, which the fake clock must not save and
    // later put back in place of the real one.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      run('/users');
      vi.runAllTimers();
      expect(made).not.toHaveBeenCalled();
      frames.forEach((callback) => callback(0));
      expect(made).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
      vi.useRealTimers();
    }
  });
});
