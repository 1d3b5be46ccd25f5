import { BOOT_CONFIG_GLOBAL } from '../src/lib/boot-handoff.ts';

/**
 * The boot script: a few hundred bytes that index.html loads (async, same origin, so the CSP
 * needs nothing new) in parallel with the app's entry chunk, to cut the serial chain of a first
 * load (HTML → entry → config.json → page code → API):
 *
 * - preloads the code of the page the URL names (module preload links from the build's route
 *   map), so it downloads alongside the entry instead of after it; with no stored session, the
 *   sign-in page's code, since that is where a signed-in page will send the person;
 * - starts the config.json request (answered by index.html's preload) and leaves it for start-up;
 * - when a session is stored, preconnects to the API it belongs to, so the first request does not
 *   also pay for a new connection. A preconnect sends nothing; the token only goes with requests
 *   the app makes after checking config.json.
 *
 * Written as plain ES5-style JavaScript in a string: it is not a module of the app, and runs
 * before the app's code exists.
 */
export interface BootRoute {
  key: string;
  /** The source of a RegExp that matches the page's path. */
  pattern: string;
  /** Absolute URLs of the page's chunks that the entry does not already load. */
  files: string[];
}

export function bootScript(routes: BootRoute[], tokenStorageKey: string): string {
  return `(function () {
  var routes = ${JSON.stringify(routes.map((route) => [route.key, route.pattern, route.files]))};
  var path = location.pathname;
  var stored = null;
  try {
    stored = sessionStorage.getItem(${JSON.stringify(tokenStorageKey)}) ||
      localStorage.getItem(${JSON.stringify(tokenStorageKey)});
  } catch (e) {}
  function link(rel, href, cors) {
    var element = document.createElement('link');
    element.rel = rel;
    element.href = href;
    if (cors) element.crossOrigin = 'anonymous';
    document.head.appendChild(element);
  }
  for (var i = 0; i < routes.length; i++) {
    if (stored ? new RegExp(routes[i][1]).test(path) : routes[i][0] === 'login') {
      for (var j = 0; j < routes[i][2].length; j++) link('modulepreload', routes[i][2][j]);
      break;
    }
  }
  try {
    window[${JSON.stringify(BOOT_CONFIG_GLOBAL)}] = fetch('/config.json', {
      headers: { Accept: 'application/json' }
    });
  } catch (e) {}
  try {
    var api = stored && JSON.parse(stored).api;
    var origin = api && new URL(api).origin;
    if (origin && /^https?:$/.test(new URL(api).protocol) && origin !== location.origin) {
      link('preconnect', origin, true);
    }
  } catch (e) {}
})();
`;
}
