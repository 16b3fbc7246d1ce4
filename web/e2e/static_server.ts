// Serves dist/ like `sabbat serve --web dist` does (index.html for / and /t/CODE), plus fixed
// JSON answers for the mock screenshots when no sabbat server is at hand.
import { createServer, type Server } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

export function serveDist(dist: string, api: Record<string, unknown>): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path in api) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(api[path]));
      return;
    }
    const file = path === '/' || path.startsWith('/t/') ? 'index.html' : normalize(path).replace(/^\/+/, '');
    const full = join(dist, file);
    if (file.includes('..') || !existsSync(full)) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(full)] ?? 'application/octet-stream' });
    res.end(readFileSync(full));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address() as { port: number };
    resolve({ url: `http://127.0.0.1:${a.port}`, server });
  }));
}
