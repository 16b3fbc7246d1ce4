// A move's round trip as the web page sees it: a whole Sortilèges game of four against a real
// `sabbat serve` on loopback, played in chromium by clicking the moves offered, either by one
// page against three of the server's bots (`bots`, a person's own computer) or by four pages
// on this one machine (`people`, the four browsers share its cores); each page times, on
// its own clock, from sending an `act` to the `accepted` and to the `state` that follows it.
// The baseline, measured in the same run on the same machine: a `ping` answered by a `pong`
// on a WebSocket of the same server (no game, no store), sent between moves.
//
//   node bench/web/roundtrip.mjs build/sabbat [GAMES] [bots|people]      (after web/build.sh)
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = createRequire(join(root, 'web', 'package.json'))('playwright-core');
const bin = resolve(process.argv[2] ?? 'build/sabbat');
const games = Number(process.argv[3] ?? 1);
const mode = process.argv[4] ?? 'bots';

function serve() {
  const data = mkdtempSync(join(tmpdir(), 'sabbat-rtt-'));
  const child = spawn(bin, ['serve', '--port', '0', '--web', join(root, 'web', 'dist'), '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((ok, fail) => {
    let seen = '';
    const look = (b) => {
      seen += b;
      const m = /http:\/\/[^\s/]+:\d+/.exec(seen);
      if (m) ok({ url: m[0], stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (c) => fail(new Error(`sabbat serve exited (${c}): ${seen}`)));
  });
}

// In every page, before its scripts: the WebSocket it opens notes when an act leaves and when
// its answers arrive (performance.now(), the page's clock).
function instrument() {
  const Native = window.WebSocket;
  const sent = new Map();
  const rtt = (window.__rtt = { accepted: [], state: [] });
  window.WebSocket = class extends Native {
    constructor(...a) {
      super(...a);
      this.addEventListener('message', (e) => {
        const m = JSON.parse(e.data);
        if (m.type === 'accepted' && sent.has(m.seq)) {
          rtt.accepted.push(performance.now() - sent.get(m.seq));
          this.waiting = sent.get(m.seq);
          sent.delete(m.seq);
        } else if (m.type === 'state' && this.waiting !== undefined) {
          rtt.state.push(performance.now() - this.waiting);
          this.waiting = undefined;
        }
      });
    }
    send(d) {
      const m = JSON.parse(d);
      if (m.type === 'act') sent.set(m.seq, performance.now());
      super.send(d);
    }
  };
}

// One ping on a socket of its own, timed in the page.
async function ping(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        const ws = (window.__pingSocket ??= new WebSocket(location.origin.replace('http', 'ws') + '/ws'));
        const go = () => {
          const t0 = performance.now();
          ws.addEventListener('message', function on(e) {
            if (JSON.parse(e.data).type !== 'pong') return;
            ws.removeEventListener('message', on);
            done(performance.now() - t0);
          });
          ws.send(JSON.stringify({ type: 'ping', id: 1 }));
        };
        if (ws.readyState === 1) go();
        else ws.addEventListener('open', go, { once: true });
      }),
  );
}

async function clickOne(page) {
  const moves = page.locator('button.move[data-action]:not([disabled])');
  const n = await moves.count();
  if (n === 0) return false;
  try {
    await moves.nth(Math.floor(Math.random() * n)).click({ timeout: 2000 });
    return true;
  } catch {
    return false;
  }
}

async function oneGame(browser, url) {
  const pages = [];
  for (let i = 0; i < (mode === 'people' ? 4 : 1); ++i) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await ctx.addInitScript(instrument);
    pages.push(await ctx.newPage());
  }
  const [host, ...guests] = pages;
  await host.goto(url + '/');
  await host.locator('li.game', { hasText: 'Sortilèges' }).getByRole('button').click();
  await host.locator('form.create input').first().fill('Morgane');
  if (mode !== 'people') {
    const seats = host.locator('.seat-choices select');
    for (let i = 0; i < (await seats.count()); ++i) await seats.nth(i).selectOption({ index: 1 });
  }
  await host.locator('form.create button[type=submit]').click();
  if (mode !== 'people') await host.locator('.table-body').waitFor({ timeout: 10000 });
  const invite = mode === 'people' ? await host.locator('#invite-link').inputValue({ timeout: 10000 }) : '';
  for (const [i, g] of guests.entries()) {
    await g.goto(invite);
    await g.locator('.join input[autocomplete=nickname]').fill(`Guest ${i + 1}`);
    await g.locator('.join button[type=submit]').click();
    await g.locator('.table-head').waitFor();
  }
  const pings = [];
  for (let rounds = 0; rounds < 4000 && (await host.locator('.result').count()) === 0; ++rounds) {
    let any = false;
    for (const p of pages) any = (await clickOne(p)) || any;
    pings.push(await ping(host));
    if (!any) await host.waitForTimeout(20);
  }
  const out = { accepted: [], state: [], ping: pings };
  for (const p of pages) {
    const r = await p.evaluate(() => window.__rtt);
    out.accepted.push(...r.accepted);
    out.state.push(...r.state);
    await p.context().close();
  }
  return out;
}

const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const server = await serve();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const all = { accepted: [], state: [], ping: [] };
  for (let g = 0; g < games; ++g) {
    const r = await oneGame(browser, server.url);
    for (const k of Object.keys(all)) all[k].push(...r[k]);
  }
  console.log(`${games} game(s) of Sortilèges, ${mode === 'people' ? 'four pages' : 'one page against three bots'}`);
  const ms = (x) => `${x.toFixed(2)} ms`;
  const base = pct(all.ping, 0.99);
  for (const k of ['accepted', 'state', 'ping']) {
    const xs = all[k];
    console.log(
      `${k.padEnd(8)} n=${String(xs.length).padStart(4)}  p50 ${ms(pct(xs, 0.5))}  p99 ${ms(pct(xs, 0.99))}  max ${ms(Math.max(...xs))}  p99/ping p99 ${(pct(xs, 0.99) / base).toFixed(2)}×`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
