/**
 * The yardstick: a bare node:http server answering a fixed 2 KB JSON document, started as its own
 * process like the shop, so both meet the same load tool on the same machine.
 * Usage: node bench/bare-server.ts <port> (prints "listening" when ready).
 */
import { createServer } from 'node:http';

export const BARE_BODY_BYTES = 2048;

export function bareBody(): string {
  const items: { id: number; name: string; instock: number }[] = [];
  let body = JSON.stringify({ items });
  while (body.length < BARE_BODY_BYTES) {
    items.push({ id: items.length + 1, name: `Sock ${items.length + 1}`, instock: 42 });
    body = JSON.stringify({ items });
  }
  // Trim to exactly 2 KB by padding a final field.
  items.pop();
  const base = JSON.stringify({ items, pad: '' });
  return JSON.stringify({ items, pad: 'x'.repeat(Math.max(0, BARE_BODY_BYTES - base.length)) });
}

function serve(port: number): void {
  const body = Buffer.from(bareBody());
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    response.end(body);
  });
  server.listen(port, '127.0.0.1', () => console.log('listening'));
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

if (process.argv[1]?.endsWith('bare-server.ts')) serve(Number(process.argv[2] ?? 3999));
