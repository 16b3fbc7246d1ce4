// Requirement (accessibility): axe-core finds no violation, of any impact and heading order
// included, on the pages a person meets in an evening: the home page, the table form, each
// game's table while it plays, with its players' rules open and not, and each game's result
// (Le Bal's with its eliminated witches), on a 360 px phone and a 1280 px laptop, in English and
// in French.
import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { openBotTable } from './bot_table';
import { startServer } from './real';
import { clickStep, type GameId } from './phone';

// Short games against bots that play at random, played to their result by clicking.
async function shortGame(page: Page, id: string) {
  if (id === 'bal-des-sorcieres') {
    await page.locator('form.create select').nth(0).selectOption('3');
    await page.locator('#param-window_ms').fill('1');
    await page.locator('#param-window_min_ms').fill('0');
  }
  if (id === 'du-balai' || id === 'baba-yaga') await page.locator('#param-max_turns').fill('1');
  const who = page.locator('.seat-choices select.seat-who');
  const n = await who.count();
  for (let i = 1; i < n; ++i) await who.nth(i).selectOption('random');
}

async function playToResult(page: Page, id: string) {
  const end = Date.now() + 240000;
  while ((await page.locator('.result').count()) === 0) {
    if (Date.now() > end) throw new Error(`axe: ${id} reached no result in 4 minutes`);
    if (!(await clickStep(page, id as GameId))) await page.waitForTimeout(60);
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const GAMES: [string, string, string][] = [
  ['sortileges', 'Sortilèges', '.sortileges'],
  ['du-balai', 'Du Balai !', '.du-balai'],
  ['baba-yaga', 'Baba Yaga', '.baba-yaga'],
  ['bal-des-sorcieres', 'Le Bal des Sorcières', '.bal'],
];

export interface Violation {
  page: string;
  id: string;
  impact: string;
  nodes: string[];
}

// axe-core on the page as it is now; every rule of the WCAG 2.x A and AA tags and the best
// practices (heading order among them).
export async function axeViolations(page: Page, where: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n: any) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
  return found.map((v: any) => ({ page: where, ...v }));
}

async function both(page: Page, where: string, out: Violation[]) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    out.push(...(await axeViolations(page, `${where} at ${width} px`)));
  }
}

export async function checkAxe(browser: Browser, bin: string, dist: string) {
  const server = await startServer(bin, dist);
  const out: Violation[] = [];
  let pages = 0;
  try {
    // The two languages at once, each in its own contexts: most of the time goes in waiting
    // for the bots and the clocks.
    await Promise.all(
      ['en-GB', 'fr-FR'].map(async (locale) => {
        const lang = locale.slice(0, 2);
        const ctx = await browser.newContext({ locale });
        const page = await ctx.newPage();
        await page.goto(server.url + '/');
        await page.locator('li.game').first().waitFor();
        await both(page, `home (${lang})`, out);
        await page.locator('li.game').first().getByRole('button').click();
        await page.locator('form.create').waitFor();
        await both(page, `table form (${lang})`, out);
        pages += 2;
        await ctx.close();
        for (const [id, title, board] of GAMES) {
          const table = await openBotTable(browser, server.url, title, board, undefined, locale);
          await table.page.waitForTimeout(500);
          await both(table.page, `${id} table (${lang})`, out);
          // The players' rules, opened beside the table.
          await table.page.locator('.rules-toggle').click();
          await table.page.locator('.rules-text h1').waitFor({ timeout: 5000 });
          await both(table.page, `${id} table with its rules (${lang})`, out);
          pages += 2;
          await table.page.context().close();
          // The result, played to the end against bots.
          const done = await openBotTable(browser, server.url, title, board, (p) => shortGame(p, id), locale);
          await playToResult(done.page, id);
          await done.page.waitForTimeout(300);
          await both(done.page, `${id} result (${lang})`, out);
          pages += 1;
          await done.page.context().close();
        }
      }),
    );
  } finally {
    server.stop();
  }
  return { pages, violations: out };
}
