// Screenshots of the lobby and of each game at a phone and a desktop size. Without a sabbat
// server at hand, the page's WebSocket is answered from the seat views in fixtures.ts.
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { games, scenes, status, type Scene } from './fixtures';
import { serveDist } from './static_server';

export const SIZES = [
  { tag: '360', width: 360, height: 740 },
  { tag: '1280', width: 1280, height: 800 },
];
const CODE = 'k3v9q2xw7m4pd8ht';

async function mockTable(page: Page, scene: Scene | null, phase: string, game: string) {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    ws.send(JSON.stringify({ type: 'welcome', protocol: 1, server: 'fixture', server_time: Date.now() }));
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'rejoin') {
        const you = scene ? scene.state.you : 0;
        ws.send(JSON.stringify({ type: 'joined', table: CODE, seat: you, token: m.token }));
        ws.send(JSON.stringify({ type: 'table', status: status(game, phase), you }));
        if (!scene) return;
        // The log as if the events had come one state after another, then the current state.
        scene.log.forEach((e, i) => ws.send(JSON.stringify({ ...scene.state, seq: 30 + i, events: [e] })));
        ws.send(JSON.stringify({ ...scene.state, seq: 30 + scene.log.length }));
        if (scene.result) ws.send(JSON.stringify(scene.result));
      }
    });
  });
}

export async function screenshots(browser: Browser, dist: string, fixtures: string, out: string, lang: 'en' | 'fr') {
  mkdirSync(out, { recursive: true });
  const api: Record<string, unknown> = { '/api/games': games, [`/api/tables/${CODE}`]: status('sortileges', 'waiting') };
  const { url, server } = await serveDist(dist, api);
  const shots: string[] = [];
  try {
    for (const size of SIZES) {
      const ctx = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
      await ctx.addInitScript(([code]) => localStorage.setItem(`sabbat.seat.${code}`, JSON.stringify({ seat: 0, token: 'f'.repeat(32) })), [CODE]);
      const page = await ctx.newPage();
      const shot = async (name: string) => {
        const file = join(out, `${name}-${size.tag}.png`);
        await page.screenshot({ path: file, fullPage: size.tag === '1280' });
        shots.push(file);
      };
      await page.goto(url + '/');
      await page.getByRole('heading', { level: 2, name: 'Sortilèges' }).waitFor();
      await shot('lobby');
      await page.getByRole('button', { name: /table/i }).first().click();
      await page.locator('form.create').waitFor();
      await page.locator('form.create input').first().fill('Morgane');
      await page.locator('form.create').scrollIntoViewIfNeeded();
      await shot('create');
      await mockTable(page, null, 'waiting', 'sortileges');
      await page.goto(`${url}/t/${CODE}`);
      await page.locator('.waiting').waitFor();
      await shot('waiting');
      for (const scene of scenes(fixtures)) {
        await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => {});
        const p2 = await ctx.newPage();
        await mockTableOn(p2, scene);
        await p2.goto(`${url}/t/${CODE}`);
        await p2.locator(scene.game === 'sortileges' ? '.sortileges' : '.du-balai').waitFor();
        for (const k of scene.keys ?? []) await p2.keyboard.press(k);
        if (scene.result) await p2.locator('.result').scrollIntoViewIfNeeded();
        const file = join(out, `${scene.name}-${size.tag}.png`);
        await p2.screenshot({ path: file, fullPage: size.tag === '1280' });
        shots.push(file);
        // Requirement: nothing of the dice in the page once the book is closed.
        if (scene.name === 'du-balai-writing' && (await p2.locator('.dice, .die').count()) !== 0) throw new Error('dice left in the DOM while the book is closed');
        await p2.close();
      }
      await ctx.close();
    }
  } finally {
    server.close();
  }
  return shots;
}

async function mockTableOn(page: Page, scene: Scene) {
  await mockTable(page, scene, 'playing', scene.game);
}
