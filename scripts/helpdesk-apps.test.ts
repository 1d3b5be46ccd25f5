// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The help-desk integrations in deploy/helpdesk/ as files: the Zendesk app's manifest and
 * translations are what Zendesk reads, and both pages talk to the card only as the card allows,
 * naming the console's origin whenever they post and checking it whenever they listen. What they
 * do in a browser is e2e/helpdesk.spec.ts.
 */

const HELPDESK = fileURLToPath(new URL('../deploy/helpdesk/', import.meta.url));
const read = (path: string) => readFileSync(`${HELPDESK}${path}`, 'utf8');
const ZAF_SDK = 'https://static.zdassets.com/zendesk_app_framework_sdk/2.0/zaf_sdk.min.js';

/** The inline scripts of a page, comments dropped (a comment may quote what the code must not do). */
function scriptsOf(html: string): string {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map(([, code]) => code!)
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/[^\n]*/g, '$1');
}

/** The target origin of each `postMessage(message, target)` call, as written. */
function postTargets(code: string): string[] {
  return [...code.matchAll(/\.postMessage\(([\s\S]*?)\);/g)].map(([, args]) => {
    const parts = args!.split(',');
    return parts.length < 2 ? '' : parts.at(-1)!.trim();
  });
}

/** The conditions a `message` listener checks before it reads `event.data`. */
function listenerChecks(code: string): string {
  const start = code.indexOf("addEventListener('message'");
  if (start === -1) return '';
  const end = code.indexOf('event.data', start);
  return end === -1 ? '' : code.slice(start, end);
}

/** What a page must do with its messages, whatever its variable names. */
function messageProblems(html: string, consoleOrigin: string): string[] {
  const code = scriptsOf(html);
  const problems: string[] = [];
  const targets = postTargets(code);
  if (targets.length === 0) problems.push('posts nothing');
  for (const target of targets) {
    if (target !== consoleOrigin) problems.push(`posts to ${target || 'no origin'}`);
  }
  const checks = listenerChecks(code);
  if (!new RegExp(`event\\.origin !== ${consoleOrigin}\\b`).test(checks)) {
    problems.push('reads messages without checking their origin');
  }
  if (!/event\.source !== frame\.contentWindow\b/.test(checks)) {
    problems.push('reads messages from any window');
  }
  if (!/'admin-console:lookup'/.test(code) || !/'admin-console:result'/.test(code)) {
    problems.push('does not speak the card’s messages');
  }
  return problems;
}

describe('the Zendesk app', () => {
  const manifest = JSON.parse(read('zendesk/manifest.json')) as Record<string, unknown>;

  it('has a manifest with the fields Zendesk reads', () => {
    expect(manifest).toMatchObject({
      name: expect.any(String),
      author: { name: expect.any(String), email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) },
      defaultLocale: 'en',
      private: true,
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      frameworkVersion: '2.0',
      location: { support: { ticket_sidebar: { url: 'assets/iframe.html' } } },
    });
    expect(existsSync(`${HELPDESK}zendesk/assets/iframe.html`)).toBe(true);
  });

  it('asks for the console’s address, required and not secure', () => {
    expect(manifest.parameters).toEqual([
      { name: 'consoleUrl', type: 'url', required: true, secure: false },
    ]);
  });

  it('names itself and its setting in its default locale', () => {
    const en = JSON.parse(read('zendesk/translations/en.json')) as {
      app: { name: string; parameters: { consoleUrl: { label: string; helpText: string } } };
    };
    expect(en.app.name).toBe(manifest.name);
    expect(en.app.parameters.consoleUrl.label).toBe('Console address');
    expect(en.app.parameters.consoleUrl.helpText).toMatch(/https:\/\//);
  });

  it('loads the ZAF SDK and frames the card with the clipboard allowed', () => {
    const html = read('zendesk/assets/iframe.html');
    expect(html).toContain(`<script src="${ZAF_SDK}"></script>`);
    expect(scriptsOf(html)).toContain("frame.allow = 'clipboard-write';");
    expect(scriptsOf(html)).toContain("client.get('ticket.requester.email')");
    expect(scriptsOf(html)).toContain("client.on('ticket.requester.email.changed'");
  });

  it('posts only to the console’s origin and hears only the card', () => {
    expect(messageProblems(read('zendesk/assets/iframe.html'), 'consoleOrigin')).toEqual([]);
  });
});

describe('the plain-iframe page', () => {
  const html = read('plain-iframe/index.html');

  it('frames the card with the clipboard allowed', () => {
    expect(html).toMatch(/<iframe id="card" title="Person card" allow="clipboard-write">/);
  });

  it('posts only to the console’s origin and hears only the card', () => {
    expect(messageProblems(html, 'consoleOrigin')).toEqual([]);
  });
});

describe('the message rules', () => {
  const page = (post: string, listen: string) => `<script>
    frame.contentWindow.postMessage({ type: 'admin-console:lookup', email: e }, ${post});
    window.addEventListener('message', function (event) {
      ${listen}
      var data = event.data; if (data.type === 'admin-console:result') show(data.name);
    });
  </script>`;
  const checked =
    'if (event.source !== frame.contentWindow || event.origin !== consoleOrigin) return;';

  it('pass a page that names the origin and checks the sender', () => {
    expect(messageProblems(page('consoleOrigin', checked), 'consoleOrigin')).toEqual([]);
  });

  it('fail a page that posts to any origin, or hears anyone', () => {
    expect(messageProblems(page("'*'", checked), 'consoleOrigin')).toEqual(["posts to '*'"]);
    expect(messageProblems(page('"*"', checked), 'consoleOrigin')).toEqual(['posts to "*"']);
    expect(
      messageProblems(
        page('consoleOrigin', 'if (event.source !== frame.contentWindow) return;'),
        'consoleOrigin',
      ),
    ).toEqual(['reads messages without checking their origin']);
    expect(
      messageProblems(
        page('consoleOrigin', 'if (event.origin !== consoleOrigin) return;'),
        'consoleOrigin',
      ),
    ).toEqual(['reads messages from any window']);
    // A check in a comment is not a check.
    expect(
      messageProblems(page('consoleOrigin', `/* ${checked} */`), 'consoleOrigin'),
    ).toHaveLength(2);
    expect(messageProblems('<script>var x = 1;</script>', 'consoleOrigin')).toContain(
      'posts nothing',
    );
  });
});
