// Screenshots of the lobby and of each game at a phone and a desktop size. Without a sabbat
// server at hand, the page's WebSocket is answered from the seat views in fixtures.ts.
import type { Browser, Page } from 'playwright-core';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { babaYagaStudyLayout, scenes, status, type Scene } from './fixtures';
import { serveDist } from './static_server';
import { mockConnection } from './schemas';
import { axeViolations } from './axe';
import { HINTS } from '../src/games/baba-yaga/data';
import { namesIngredient } from './ingredients';

export const SIZES = [
  { tag: '360', width: 360, height: 740 },
  { tag: '1280', width: 1280, height: 800 },
];
const CODE = 'k3v9q2xw7m4pd8ht';

// The `act` texts the page sent to the mocked server.
async function mockTable(page: Page, scene: Scene | null, phase: string, game: string, acts: string[] = []) {
  await page.routeWebSocket(/\/ws(\?table=[^&]*)?$/, (ws) => {
    const mock = mockConnection(`screens ${scene?.name ?? game} ${phase}`);
    ws.send(mock.send({ type: 'welcome', protocol: 1, server: 'fixture', server_time: Date.now() }));
    ws.onMessage((raw) => {
      const m = mock.got(raw);
      if (m.type === 'act') acts.push(m.action);
      if (m.type === 'rejoin') {
        const you = scene ? scene.state.you : 0;
        ws.send(mock.send({ type: 'joined', table: CODE, seat: you, token: m.token, protocol: 1 }));
        ws.send(mock.send({ type: 'table', status: status(game, phase, scene?.state.view.players?.length ?? 4), you }));
        if (!scene) return;
        // The log as if the events had come one state after another, then the current state.
        scene.log.forEach((e, i) => ws.send(mock.send({ ...scene.state, seq: 30 + i, snapshot: false, events: [e] })));
        ws.send(mock.send({ ...scene.state, seq: 30 + scene.log.length, snapshot: true }));
        if (scene.result) ws.send(mock.send(scene.result));
      }
    });
  });
}

export async function screenshots(browser: Browser, dist: string, fixtures: string, out: string, lang: 'en' | 'fr') {
  mkdirSync(out, { recursive: true });
  const api: Record<string, unknown> = { '/api/games': JSON.parse(readFileSync(join(fixtures, 'games.json'), 'utf8')), [`/api/tables/${CODE}`]: status('sortileges', 'waiting') };
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
      // The table form's shots (create-*.png) are taken against a real server (lobby.ts).
      await mockTable(page, null, 'waiting', 'sortileges');
      await page.goto(`${url}/t/${CODE}`);
      await page.locator('.waiting').waitFor();
      await shot('waiting');
      const rulesShown = new Set<string>();
      // Le Bal des Sorcières has no recorded scene: its rules are opened from a waiting table.
      {
        const p2 = await ctx.newPage();
        await mockTable(p2, null, 'waiting', 'bal-des-sorcieres');
        await p2.goto(`${url}/t/${CODE}`);
        await p2.locator('.waiting').waitFor();
        shots.push(await rulesShot(p2, 'bal-des-sorcieres', lang, join(out, `bal-des-sorcieres-rules-${size.tag}.png`)));
        await p2.close();
      }
      for (const scene of scenes(fixtures)) {
        await page.unrouteAll({ behavior: 'ignoreErrors' }).catch(() => {});
        const p2 = await ctx.newPage();
        const acts: string[] = [];
        await mockTableOn(p2, scene, acts);
        await p2.goto(`${url}/t/${CODE}`);
        await p2.locator(`.${scene.game}`).waitFor();
        for (const k of scene.keys ?? []) await p2.keyboard.press(k);
        if (scene.result) await p2.locator('.result').scrollIntoViewIfNeeded();
        if (scene.scroll && size.tag === '360') await p2.locator(scene.scroll).evaluate((el) => el.scrollIntoView({ block: 'end' }));
        const file = join(out, `${scene.name}-${size.tag}.png`);
        await p2.screenshot({ path: file, fullPage: size.tag === '1280' });
        shots.push(file);
        // Requirement: nothing of the dice in the page once the book is closed.
        if (scene.name === 'du-balai-writing' && (await p2.locator('.dice, .die').count()) !== 0) throw new Error('dice left in the DOM while the book is closed');
        if (scene.game === 'baba-yaga') await checkBabaYagaPage(p2, scene, fixtures);
        // Requirement: the page sends the text the server's form accepts (Double-jeu: both
        // formulas in one action).
        if (scene.sends) {
          // The builder as built (both formulas shown) passes axe-core too.
          const found = await axeViolations(p2, `${scene.name} at ${size.tag} px`);
          if (found.length) throw new Error(`axe-core: ${found.map((v) => `${v.page}: ${v.id} (${v.impact}) ${v.nodes.join(' | ')}`).join('\n')}`);
          await p2.locator(scene.sends.click).click();
          for (let i = 0; i < 50 && acts.length === 0; i++) await p2.waitForTimeout(50);
          if (acts.join('|') !== scene.sends.action) throw new Error(`${scene.name}: the page sent ${JSON.stringify(acts)}, not ${JSON.stringify(scene.sends.action)}`);
        }
        if (!rulesShown.has(scene.game)) {
          rulesShown.add(scene.game);
          shots.push(await rulesShot(p2, scene.game, lang, join(out, `${scene.game}-rules-${size.tag}.png`)));
        }
        await p2.close();
      }
      await ctx.close();
    }
  } finally {
    server.close();
  }
  return shots;
}

// Requirement: a face-down tile's ingredient is nowhere in the page. The view holds none, and
// neither the board nor the log may keep one: the log names a turned tile by its cell only.
// A face-down tile may name the two ingredients its forest face stands for (public: the rule
// book's table), both together and no other; the legend lists every face's pair.
// In the search scene, A1 was turned and turned back: its ingredient must be gone.
async function checkBabaYagaPage(page: Page, scene: Scene, fixtures: string) {
  const layout = babaYagaStudyLayout(fixtures);
  const names = [...new Set(layout.values())];
  const faceDown = await page.locator('.by-tile.face-forest').evaluateAll((els) => els.map((e) => e.outerHTML));
  for (const html of faceDown) {
    const pair = HINTS.find((h) => h.ingredients.every(([n]) => namesIngredient(html, n)))?.ingredients.map(([n]) => n) ?? [];
    for (const n of names) if (!pair.includes(n) && namesIngredient(html, n)) throw new Error(`${scene.name}: a face-down tile holds ${n}: ${html}`);
  }
  const log = await page.locator('.log-lines').innerText();
  for (const n of names) if (namesIngredient(log, n) && !scene.log.some((e) => e.kind !== 'turned' && e.text.includes(n))) throw new Error(`${scene.name}: the log names ${n}`);
  if (scene.name === 'baba-yaga-search') {
    const tried = layout.get('A1')!;
    // The page without what is public for every face: the legend, the face-down tiles' pairs.
    const rest = await page.evaluate(() => {
      const body = document.body.cloneNode(true) as HTMLElement;
      body.querySelectorAll('.by-legend').forEach((e) => e.remove());
      body.querySelectorAll('.by-tile.face-forest').forEach((e) => {
        e.removeAttribute('aria-label');
        e.removeAttribute('title');
      });
      return body.innerHTML;
    });
    if (namesIngredient(rest, tried)) throw new Error(`baba-yaga-search: ${tried}, turned back on A1, is still in the page`);
    // Memory is the game: nothing marks A1 as turned back.
    const a1 = await page.locator('.by-tile[data-cell="A1"]').evaluate((e) => e.outerHTML);
    if (/tried|turned back|remise/.test(a1)) throw new Error(`baba-yaga-search: A1 is marked as turned back: ${a1}`);
  }
}

// The Rules button opens the game's page for players in the page's language: how to play first,
// no developer's words, and the panel in view.
async function rulesShot(page: Page, game: string, lang: 'en' | 'fr', file: string) {
  await page.locator('.rules-toggle').click();
  await page.locator('.rules-text h2', { hasText: lang === 'fr' ? 'Comment jouer' : 'How to play' }).waitFor({ timeout: 5000 });
  const text = await page.locator('.rules-text').innerText();
  for (const m of ['src/', '.txt', 'sabbat ', '_ms', 'Parameters', 'Bots']) if (text.includes(m)) throw new Error(`${game}: the rules panel shows "${m}"`);
  await page.locator('.rules-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: file });
  // The end of the page: the score, and the link to the technical rules.
  await page.locator('.rules-technical a').waitFor({ state: 'attached' });
  await page.locator('.rules-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.screenshot({ path: file.replace(/\.png$/, '-end.png') });
  return file;
}

async function mockTableOn(page: Page, scene: Scene, acts: string[] = []) {
  await mockTable(page, scene, 'playing', scene.game, acts);
}
