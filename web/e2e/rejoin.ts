// Requirement (issue 10, e2e 3, browser side): a person joins through the invite link, and the
// page reloaded mid-game sends `rejoin` with the token it was given and gets its seat back.
// The WebSocket is answered here, so this runs without a sabbat server.
import type { Browser } from 'playwright-core';
import { games, scenes, status } from './fixtures';
import { serveDist } from './static_server';

const CODE = 'k3v9q2xw7m4pd8ht';
const TOKEN = '0123456789abcdef0123456789abcdef';

export async function checkRejoin(browser: Browser, dist: string, fixtures: string) {
  const waiting = status('sortileges', 'waiting');
  const { url, server } = await serveDist(dist, { '/api/games': games, [`/api/tables/${CODE}`]: waiting });
  const seen: any[] = [];
  const scene = scenes(fixtures)[0];
  try {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.routeWebSocket(/\/ws$/, (ws) => {
      ws.send(JSON.stringify({ type: 'welcome', protocol: 1, server: 'fixture', server_time: 0 }));
      ws.onMessage((raw) => {
        const m = JSON.parse(String(raw));
        seen.push(m);
        if (m.type === 'join' || (m.type === 'rejoin' && m.token === TOKEN)) {
          ws.send(JSON.stringify({ type: 'joined', table: CODE, seat: m.seat ?? 2, token: TOKEN }));
          ws.send(JSON.stringify({ type: 'table', status: status('sortileges', 'playing'), you: 0 }));
          ws.send(JSON.stringify(scene.state));
        } else if (m.type === 'rejoin') {
          ws.send(JSON.stringify({ type: 'error', code: 'wrong-token', ref: 'rejoin', message: 'wrong token' }));
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
    seen.length = 0;
    await page.reload();
    await page.locator('.sortileges').waitFor();
    const rejoin = seen.find((m) => m.type === 'rejoin');
    if (!rejoin || rejoin.token !== TOKEN || rejoin.table !== CODE) throw new Error(`after reload: ${JSON.stringify(seen)}`);
    if (seen.some((m) => m.type === 'join')) throw new Error('the reloaded page joined again instead of rejoining');
    await ctx.close();
  } finally {
    server.close();
  }
}
