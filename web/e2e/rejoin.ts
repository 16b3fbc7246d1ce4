// Requirement (issue 10, e2e 3, browser side): a person joins through the invite link, and the
// page reloaded mid-game sends `rejoin` with the token it was given and gets its seat back.
// Requirement (coming back, the log): the `history` the server sends before the snapshot
// rebuilds the log after the reload, with the same lines as were shown live.
// The WebSocket is answered here, so this runs without a sabbat server.
import type { Browser } from 'playwright-core';
import { games, scenes, status } from './fixtures';
import { serveDist } from './static_server';
import { mockConnection } from './schemas';

const CODE = 'k3v9q2xw7m4pd8ht';
const TOKEN = '0123456789abcdef0123456789abcdef';

export async function checkRejoin(browser: Browser, dist: string, fixtures: string) {
  const waiting = status('sortileges', 'waiting');
  const { url, server } = await serveDist(dist, { '/api/games': games, [`/api/tables/${CODE}`]: waiting });
  const seen: any[] = [];
  const scene = scenes(fixtures)[0];
  const told = [scene.log!.slice(0, 2), scene.log!.slice(2)];
  const logLines = (page: any) => page.locator('.log-lines li').allTextContents();
  try {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.routeWebSocket(/\/ws(\?table=[^&]*)?$/, (ws) => {
      const mock = mockConnection('rejoin');
      ws.send(mock.send({ type: 'welcome', protocol: 1, server: 'fixture', server_time: 0 }));
      ws.onMessage((raw) => {
        const m = mock.got(raw);
        seen.push(m);
        if (m.type === 'join' || (m.type === 'rejoin' && m.token === TOKEN)) {
          ws.send(mock.send({ type: 'joined', table: CODE, seat: m.seat ?? 2, token: TOKEN, protocol: 1 }));
          ws.send(mock.send({ type: 'table', status: status('sortileges', 'playing'), you: 0 }));
          if (m.type === 'join') {
            // Two actions told live, each with its events.
            for (const [i, events] of told.entries()) ws.send(mock.send({ ...scene.state, seq: 41 + i, time: 60000 + i, snapshot: false, events }));
          } else {
            ws.send(mock.send({ type: 'history', seq: 42, complete: true, part: 1, parts: 1, entries: told.map((events, i) => ({ seq: 41 + i, time: 60000 + i, events })) }));
            ws.send(mock.send({ ...scene.state, snapshot: true }));
          }
        } else if (m.type === 'rejoin') {
          ws.send(mock.send({ type: 'error', code: 'wrong-token', ref: 'rejoin', message: 'wrong token' }));
        }
      });
    });
    await page.goto(`${url}/t/${CODE}`);
    await page.locator('.join input[autocomplete=nickname]').fill('Circé');
    await page.locator('.join input[type=radio]').nth(1).check();
    await page.locator('.join button[type=submit]').click();
    await page.locator('.sortileges').waitFor();
    const join = seen.find((m) => m.type === 'join');
    if (!join || join.table !== CODE || join.name !== 'Circé' || join.seat !== 3 || join.protocol !== 1) throw new Error(`join sent: ${JSON.stringify(join)}`);
    await page.locator('.log-lines li').nth(scene.log!.length - 1).waitFor();
    const before = await logLines(page);
    if (before.length !== scene.log!.length) throw new Error(`live log: ${JSON.stringify(before)}`);
    seen.length = 0;
    await page.reload();
    await page.locator('.sortileges').waitFor();
    await page.locator('.log-lines li').nth(scene.log!.length - 1).waitFor({ timeout: 5000 });
    const after = await logLines(page);
    if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`the log after the reload: ${JSON.stringify(after)}, before: ${JSON.stringify(before)}`);
    const rejoin = seen.find((m) => m.type === 'rejoin');
    if (!rejoin || rejoin.token !== TOKEN || rejoin.table !== CODE) throw new Error(`after reload: ${JSON.stringify(seen)}`);
    if (seen.some((m) => m.type === 'join')) throw new Error('the reloaded page joined again instead of rejoining');
    await ctx.close();
  } finally {
    server.close();
  }
}
