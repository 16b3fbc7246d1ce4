// What the home page costs on the wire: a first visit (empty cache) and a second one (the same
// browser, its cache kept), in chromium against a real `sabbat serve --web web/dist` on
// loopback. Bytes are chromium's own count of what each HTTP response took on the network,
// headers included (DevTools' encodedDataLength); a response from the cache counts 0. The
// second row serves a copy of web/dist without its .gz and .br twins, as an older build is.
// Last, the extensions a WebSocket opened by the page negotiated. The page fetches only its own
// language's catalog, so a browser in French is measured too.
//
//   node bench/web/page_bytes.mjs build/sabbat        (after web/build.sh)
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
const bin = resolve(process.argv[2] ?? 'build/sabbat');

function serve(web) {
  const data = mkdtempSync(join(tmpdir(), 'sabbat-bytes-'));
  const child = spawn(bin, ['serve', '--port', '0', '--web', web, '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let seen = '';
    const look = (b) => {
      seen += b;
      const m = /http:\/\/[^\s/]+:\d+/.exec(seen);
      if (m) ok({ url: m[0], stop: () => { child.kill('SIGTERM'); rmSync(data, { recursive: true, force: true }); } });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (c) => fail(new Error(`sabbat serve exited (${c}): ${seen}`)));
  });
}

function withoutTwins(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) withoutTwins(p);
    else if (name.endsWith('.gz') || name.endsWith('.br')) rmSync(p);
  }
}

// One visit of `url` in a new page of `context`: every HTTP response with its status, coding
// and bytes on the wire, once the page has been quiet on the network for a while.
async function visit(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    seen.set(e.requestId, { url: e.response.url.replace(url, ''), status: e.response.status, coding: h['content-encoding'] ?? '', cached: e.response.fromDiskCache || e.response.fromPrefetchCache, bytes: 0 });
  });
  // The status that came over the network (a revalidated response shows as its cached 200).
  const wire = new Map();
  cdp.on('Network.responseReceivedExtraInfo', (e) => wire.set(e.requestId, e.statusCode));
  cdp.on('Network.requestServedFromCache', (e) => { if (seen.has(e.requestId)) seen.get(e.requestId).cached = true; });
  cdp.on('Network.loadingFinished', (e) => { if (seen.has(e.requestId)) seen.get(e.requestId).bytes = e.encodedDataLength; });
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await page.close();
  for (const [id, r] of seen) if (wire.has(id)) r.status = wire.get(id);
  return [...seen.values()];
}

async function measure(label, web, browser, locale = 'en-GB') {
  const server = await serve(web);
  const context = await browser.newContext({ locale });
  try {
    for (const [name, rows] of [['first visit', await visit(context, server.url)], ['second visit', await visit(context, server.url)]]) {
      const total = rows.reduce((n, r) => n + r.bytes, 0);
      console.log(`${label}, ${name}: ${total} bytes (${(total / 1024).toFixed(1)} KiB) in ${rows.length} responses`);
      for (const r of rows) console.log(`  ${String(r.bytes).padStart(7)}  ${r.status} ${r.cached ? 'cache' : (r.coding || 'plain').padEnd(5)}  ${r.url}`);
    }
    // What the page's WebSocket negotiated (its `extensions`): permessage-deflate when the server
    // takes chromium's offer.
    const page = await context.newPage();
    await page.goto(server.url + '/');
    const ext = await page.evaluate((u) => new Promise((ok) => {
      const ws = new WebSocket(u.replace(/^http/, 'ws') + '/ws');
      ws.onopen = () => { ok(ws.extensions); ws.close(); };
      ws.onerror = () => ok('(failed)');
    }), server.url);
    console.log(`${label}, the page's WebSocket: extensions "${ext}"`);
  } finally {
    await context.close();
    server.stop();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const dist = join(root, 'web', 'dist');
  await measure('web/dist', dist, browser);
  await measure('web/dist, a browser in French', dist, browser, 'fr-FR');
  const plain = mkdtempSync(join(tmpdir(), 'sabbat-plain-'));
  cpSync(dist, plain, { recursive: true });
  withoutTwins(plain);
  await measure('web/dist without .gz and .br', plain, browser);
  rmSync(plain, { recursive: true, force: true });
} finally {
  await browser.close();
}
