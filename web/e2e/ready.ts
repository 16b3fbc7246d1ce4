// Ready, then the clock (docs/protocol.md): at a real-time game's table whose seats are all
// taken, the page shows who is ready, a clear "I'm ready" button, the owner's "Start for NAME"
// for a person who is away, and the countdown everyone sees; no board before the start.
// The WebSocket is answered here, so this runs without a sabbat server.
import type { Browser, Page } from 'playwright-core';
import { games, status } from './fixtures';
import { serveDist } from './static_server';
import { mockConnection } from './schemas';

const CODE = 'k3v9q2xw7m4pd8ht';
const TOKEN = '0123456789abcdef0123456789abcdef';
const OWNER = 'fedcba9876543210fedcba9876543210';

// Du Balai ! with two people and a bot; Circé is away. `ready`: the marks by seat.
function readyStatus(ready: (null | 'self' | 'owner')[], countdown: { in: number; length: number } | null) {
  const s: any = status('du-balai', 'waiting', 3);
  s.seats = [
    { seat: 0, kind: 'human', name: 'Morgane', taken: true, connected: true, stand_in: null, ready: ready[0] },
    { seat: 1, kind: 'bot', bot: 'simple' },
    { seat: 2, kind: 'human', name: 'Circé', taken: true, connected: false, stand_in: null, ready: ready[2] },
  ];
  s.ready_step = { countdown };
  s.chat = { spectators_write: false, muted: [] };
  return s;
}

export async function checkReady(browser: Browser, dist: string, screens?: string): Promise<{ sent: string[] }> {
  const { url, server } = await serveDist(dist, { '/api/games': games, [`/api/tables/${CODE}`]: readyStatus([null, null, null], null) });
  const sent: string[] = [];
  try {
    for (const size of [
      { width: 360, height: 740, name: 'phone' },
      { width: 1280, height: 800, name: 'laptop' },
    ]) {
      sent.length = 0;
      const ctx = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-US' });
      await ctx.addInitScript(
        ([code, token, owner]) => {
          localStorage.setItem(`sabbat.seat.${code}`, JSON.stringify({ seat: 0, token }));
          localStorage.setItem(`sabbat.owner.${code}`, owner);
        },
        [CODE, TOKEN, OWNER],
      );
      const page: Page = await ctx.newPage();
      await page.routeWebSocket(/\/ws(\?table=[^&]*)?$/, (ws) => {
        const mock = mockConnection('ready');
        const marks: (null | 'self' | 'owner')[] = [null, null, null];
        const table = (countdown: { in: number; length: number } | null = null) => ws.send(mock.send({ type: 'table', status: readyStatus(marks, countdown), you: 0 }));
        ws.send(mock.send({ type: 'welcome', protocol: 1, server: 'fixture', server_time: 0 }));
        ws.onMessage((raw) => {
          const m = mock.got(raw);
          if (m.type !== 'ping') sent.push(JSON.stringify(m));
          if (m.type === 'rejoin') {
            ws.send(mock.send({ type: 'joined', table: CODE, seat: 0, token: TOKEN, protocol: 1 }));
            table();
          } else if (m.type === 'ready') {
            marks[m.seat ?? 0] = m.seat === undefined ? 'self' : 'owner';
            table(marks[0] && marks[2] ? { in: 3000, length: 3000 } : null);
          }
        });
      });
      await page.goto(`${url}/t/${CODE}`);
      const panel = page.locator('.ready-step');
      await panel.waitFor();
      if (await page.locator('.board, .du-balai-board, .dice').count()) throw new Error('a board shows before the start');
      const seats = page.locator('.seats .ready-mark');
      if ((await seats.count()) !== 2) throw new Error(`ready marks: ${await seats.allTextContents()}`);
      if (screens) await page.screenshot({ path: `${screens}/ready-${size.name}.png`, fullPage: true });
      const button = page.getByRole('button', { name: 'I’m ready' });
      if (!(await button.isVisible())) throw new Error('no visible "I’m ready" button');
      const box = await button.boundingBox();
      if (!box || box.y + box.height > size.height) throw new Error(`"I’m ready" is below the fold at ${size.width} px: ${JSON.stringify(box)}`);
      await button.click();
      await page.locator('.ready-mine').waitFor();
      await page.getByRole('button', { name: 'Start for Circé' }).click();
      const timer = page.locator('.ready-step .ready-countdown');
      await timer.waitFor();
      const text = await timer.textContent();
      if (!/The game begins in [123]…/.test(text ?? '')) throw new Error(`countdown: ${text}`);
      if (screens) await page.screenshot({ path: `${screens}/ready-countdown-${size.name}.png`, fullPage: true });
      const want = [`{"type":"rejoin","table":"${CODE}","token":"${TOKEN}","patches":true,"protocol":1}`, '{"type":"ready","protocol":1}', `{"type":"ready","seat":2,"owner":"${OWNER}","protocol":1}`];
      if (JSON.stringify(sent) !== JSON.stringify(want)) throw new Error(`sent: ${JSON.stringify(sent)}`);
      await ctx.close();
    }
  } finally {
    server.close();
  }
  return { sent: [...sent] };
}
