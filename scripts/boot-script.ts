import { BOOT_CONFIG_GLOBAL } from '../src/lib/boot-handoff.ts';

/**
 * The boot script: a few hundred bytes that index.html loads (async, same origin, so the CSP
 * needs nothing new) in parallel with the app's entry chunk, to cut the serial chain of a first
 * load (HTML → entry → config.json → page code → API):
 *
 * - preloads the entry's own imports and the code of the page the URL names (module preload
 *   links from the build's route map), so they download alongside the entry instead of after it
 *   (the build writes no preload links of its own: this is the one place); with no stored session, the
 *   sign-in page's code, since that is where a signed-in page will send the person;
 * - starts the config.json request (answered by index.html's preload) and leaves it for start-up;
 * - when a session is stored, preconnects to the API it belongs to, so the first request does not
 *   also pay for a new connection. A preconnect sends nothing; the token only goes with requests
 *   the app makes after checking config.json;
 * - once the "Loading…" shell has painted, makes a date formatter: the first Intl formatter of a
 *   page loads the locale data (about 100 ms on a phone's CPU), better done while the code still
 *   downloads than inside the task that starts the app.
 *
 * Written as plain JavaScript in a string: it is not a module of the app, and runs before the
 * app's code exists.
 */
export interface BootRoute {
  key: string;
  /** The source of a RegExp that matches the page's path, in any case (tested with the `i` flag). */
  pattern: string;
  /** Absolute URLs of the page's chunks that the entry does not already load. */
  files: string[];
}

export function bootScript(
  routes: BootRoute[],
  tokenStorageKey: string,
  /** The entry's own static imports: every page needs them (the build adds no preload of its own). */
  shared: string[] = [],
): string {
  const table = JSON.stringify(routes.map((route) => [route.key, route.pattern, route.files]));
  const key = JSON.stringify(tokenStorageKey);
  // Kept small by hand (every page downloads it): r routes, s the stored session, l adds a link.
  return [
    '(function(){',
    `var r=${table},p=location.pathname,s=null,i,j,a;`,
    `try{s=sessionStorage.getItem(${key})||localStorage.getItem(${key})}catch(e){}`,
    // l(h) preloads a module, l(h,1) preconnects.
    'function l(h,c){var e=document.createElement("link");e.rel=c?"preconnect":"modulepreload";',
    'e.href=h;if(c)e.crossOrigin="anonymous";document.head.appendChild(e)}',
    `${JSON.stringify(shared)}.forEach(function(h){l(h)});`,
    'for(i=0;i<r.length;i++)if(s?new RegExp(r[i][1],"i").test(p):r[i][0]==="login"){',
    'for(j=0;j<r[i][2].length;j++)l(r[i][2][j]);break}',
    `try{window[${JSON.stringify(BOOT_CONFIG_GLOBAL)}]=fetch("/config.json",{headers:{Accept:"application/json"}})}catch(e){}`,
    'try{a=s&&new URL(JSON.parse(s).api);',
    'if(a&&/^https?:$/.test(a.protocol)&&a.origin!==location.origin)l(a.origin,1)}catch(e){}',
    'requestAnimationFrame(function(){setTimeout(function(){try{new Intl.DateTimeFormat().format(0)}catch(e){}})});',
    '})();\n',
  ].join('');
}
