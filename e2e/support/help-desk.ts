import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

/**
 * A help desk's ticket page, as far as the person card cares: a page that frames the card in a
 * side panel and talks to it by postMessage. Served on 127.0.0.1 and reached by two names, it is
 * two origins: `http://localhost:PORT`, another site than the console's `http://127.0.0.1:…`
 * (so the card runs as a third-party frame, its storage partitioned, as in a real help desk),
 * which the test builds list in embedOrigins; and `http://127.0.0.1:PORT`, which they do not.
 *
 * `/desk?card=URL&width=360` frames the card (`&sibling=URL` frames another page beside it, a
 * stranger to the card; `&lookup=JSON` posts that to the card as soon as its frame has loaded, as
 * a help desk app does, before the card's code has started). The page keeps what the card says back in `window.received`
 * ({origin, data}) and sends with `window.sendToCard(message, targetOrigin)`.
 */
export function deskPage(card: string, width: number, sibling?: string, lookup?: string): string {
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Ticket #1 · Help desk</title></head>
<body style="margin:0;display:flex">
<main style="flex:1;padding:16px"><h1>Ticket #1</h1><p>Can't log in.</p></main>
<iframe id="card" title="Person card" src="${attribute(card)}" allow="clipboard-write"
  style="width:${width}px;height:720px;border:0;border-left:1px solid #ccc"></iframe>
${sibling ? `<iframe id="sibling" title="Another app" src="${attribute(sibling)}" style="width:200px;height:100px"></iframe>` : ''}
<script>
  window.received = [];
  var frame = document.getElementById('card');
  addEventListener('message', function (event) {
    if (event.source === frame.contentWindow) {
      window.received.push({ origin: event.origin, data: event.data });
    }
  });
  window.sendToCard = function (message, targetOrigin) {
    frame.contentWindow.postMessage(message, targetOrigin);
  };
  ${
    lookup
      ? `frame.addEventListener('load', function () {
    frame.contentWindow.postMessage(${JSON.stringify(JSON.parse(lookup)).replace(/</g, '\\u003c')}, ${JSON.stringify(new URL(card).origin)});
  }, { once: true });`
      : ''
  }
</script>
</body>
</html>
`;
}

export function serveHelpDesk(port: number): Promise<void> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const card = url.searchParams.get('card');
    if (url.pathname === '/' || (url.pathname === '/desk' && card === null)) {
      response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Help desk');
      return;
    }
    if (url.pathname !== '/desk' || card === null || !/^https?:\/\//.test(card)) {
      response.writeHead(404).end();
      return;
    }
    const width = Math.min(1200, Math.max(200, Number(url.searchParams.get('width')) || 360));
    let page: string;
    try {
      page = deskPage(
        card,
        width,
        url.searchParams.get('sibling') ?? undefined,
        url.searchParams.get('lookup') ?? undefined,
      );
    } catch {
      response.writeHead(400).end('lookup must be JSON');
      return;
    }
    response
      .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(page);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  await serveHelpDesk(Number(values.port));
  console.log(`Help desk page on http://localhost:${values.port}/desk`);
}
