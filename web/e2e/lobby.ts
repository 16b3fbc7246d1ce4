// Requirement (the table form where the person looks): at 360×740 and 1280×800, "Create a
// table" of each game scrolls its form into view and focuses its first field; the untouched
// form starts a game at once (the other seats are bots), the creator at seat 0; no lobby page
// scrolls sideways at 360 px; the French form shows no parameter's raw name and no bot's
// server name; the games' buttons do not move once drawn, however late the open tables come.
// Against a real `sabbat serve`.
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { startServer } from './real';
import { SIZES } from './screens';
import { boardAfterReady } from './bot_table';

const BOARDS: Record<string, string> = { sortileges: '.sortileges', 'du-balai': '.du-balai', 'baba-yaga': '.baba-yaga', 'bal-des-sorcieres': '.bal' };

async function noSidewaysScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${what}: the page is ${scroll} px wide in a ${width} px window`);
}

// Clicks the game's "Create a table"; the form's first field must be focused and in view.
export async function openForm(page: Page, name: string, what: string) {
  await page.locator('li.game', { has: page.getByRole('heading', { level: 2, name, exact: true }) }).getByRole('button').click();
  const first = page.locator('form.create input').first();
  await first.waitFor();
  const seen = await first.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { focused: document.activeElement === el, top: r.top, bottom: r.bottom, height: window.innerHeight };
  });
  if (!seen.focused) throw new Error(`${what}: the form's first field is not focused`);
  if (seen.top < 0 || seen.bottom > seen.height) throw new Error(`${what}: the form's first field is out of view (${seen.top}–${seen.bottom} in ${seen.height} px)`);
  // Its title is in view too, so that the person sees which form opened.
  const title = await page.locator('#create-title').boundingBox();
  if (!title || title.y < 0) throw new Error(`${what}: the form's title is out of view`);
}

// The open tables read 800 ms after the games: the first game's button must stay where it
// was drawn, or a click aimed at it lands elsewhere.
async function gamesStayPut(browser: Browser, url: string) {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const page = await ctx.newPage();
  await page.route('**/api/tables', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto(url + '/');
  const button = page.locator('li.game').first().getByRole('button');
  await button.waitFor();
  const drawn = await button.boundingBox();
  await page.waitForTimeout(1500);
  const later = await button.boundingBox();
  if (drawn?.y !== later?.y) throw new Error(`the lobby's first "Create a table" moved from y=${drawn?.y} to y=${later?.y} after it was drawn`);
  await ctx.close();
}

export async function checkLobby(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  let started = 0;
  try {
    await gamesStayPut(browser, server.url);
    const games: { id: string; name: string; params: { name: string }[]; bots: string[] }[] = (await (await fetch(server.url + '/api/games')).json()).games;
    for (const size of SIZES) {
      for (const g of games) {
        const what = `${g.name} at ${size.tag}`;
        const ctx = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-GB' });
        const page = await ctx.newPage();
        await page.goto(server.url + '/');
        await page.locator('li.game').first().waitFor();
        if (size.tag === '360') await noSidewaysScroll(page, 'the lobby');
        await openForm(page, g.name, what);
        if (size.tag === '360') await noSidewaysScroll(page, `${what}, the form`);
        if (screens && g.id === 'du-balai') await page.screenshot({ path: join(screens, `create-${size.tag}.png`), fullPage: size.tag === '1280' });
        if (g.id === 'baba-yaga' && size.tag === '1280') {
          // A time out of its bounds is refused before anything is sent, with its bounds.
          const study = page.locator('#param-study_time_ms');
          await study.fill('0.1');
          await page.locator('form.create button[type=submit]').click();
          const said = await page.locator('form.create .problem').innerText({ timeout: 5000 });
          if (!/from 1 to 600/.test(said)) throw new Error(`${what}: a study of 0.1 s refused with "${said}"`);
          if (!(await study.evaluate((el) => document.activeElement === el))) throw new Error(`${what}: the wrong field is not focused`);
          await study.fill('20');
        }
        // The untouched form: the first seat (shown as 1) for the creator, bots elsewhere, the game starts.
        await page.locator('form.create button[type=submit]').click();
        await boardAfterReady(page, BOARDS[g.id]);
        await page.locator('.conn', { hasText: /seat 1\b/ }).waitFor({ state: 'attached', timeout: 10000 }); // on a phone the one-line header hides it
        if (size.tag === '360') await noSidewaysScroll(page, `${what}, the table`);
        started++;
        await ctx.close();
      }
    }
    // The French form of every game: no parameter's raw name, no bot's server name.
    const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'fr-FR' });
    const page = await ctx.newPage();
    await page.goto(server.url + '/');
    for (const g of games) {
      await openForm(page, g.name, `${g.name} in French`);
      await page.locator('.seat-choices select.seat-who').first().waitFor();
      const text = await page.locator('form.create').evaluate((f) => {
        const options = [...f.querySelectorAll('option')].map((o) => o.textContent ?? '');
        return `${(f as HTMLElement).innerText}\n${options.join('\n')}`;
      });
      // "incantation" is French too (Mode incantation).
      for (const p of g.params) if (p.name !== 'incantation' && new RegExp(`\\b${p.name}\\b`).test(text)) throw new Error(`${g.name}: the French form shows ${p.name}`);
      for (const b of g.bots) if (new RegExp(`\\b${b}\\b`).test(text) && !['normal', 'novice', 'expert'].includes(b)) throw new Error(`${g.name}: the French form shows the bot name ${b}`);
      if (/\bms\b|seconds|Seat |Players/.test(text)) throw new Error(`${g.name}: English or milliseconds in the French form`);
      await noSidewaysScroll(page, `${g.name}, the French form`);
      if (screens && g.id === 'baba-yaga') await page.screenshot({ path: join(screens, 'create-fr-360.png') });
    }
    // A listed table of three waiting for a person: the lobby's open tables at 360 px, in
    // French words for one bot and one seat of two taken.
    await openForm(page, games[0].name, 'a listed table');
    await page.locator('form.create select').first().selectOption('3');
    await page.locator('.seat-choices select.seat-who').first().selectOption('human');
    await page.locator('form.create input[name=listed]').check();
    await page.locator('form.create button[type=submit]').click();
    await page.locator('#invite-link').waitFor({ timeout: 10000 });
    const other = await ctx.newPage();
    await other.goto(server.url + '/');
    await other.locator('.open-table').first().waitFor({ timeout: 10000 });
    const row = await other.locator('.open-table .open-facts').first().innerText();
    if (!/^1 sur 2 places prises · 1 bot · /.test(row)) throw new Error(`the open table reads "${row}"`);
    await noSidewaysScroll(other, 'the open tables');
    if (screens) await other.screenshot({ path: join(screens, 'lobby-open-tables-360.png') });
    await ctx.close();
  } finally {
    server.stop();
  }
  return { started };
}
