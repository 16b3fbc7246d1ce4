// Requirements (coming back to a table), against a real `sabbat serve`: two people play a
// Sortilèges table of two made from the lobby. A page reloaded mid-game gets its log back from
// the server's history, line for line; the home page lists the table with its game, the other
// person and its phase, and a link back; at the end, "Play again" takes the asker to the next
// table at the same seat and the other page offers "Join the next game", which seats her there
// too and the next game begins; when both pages are gone the table pauses and the home page
// says so; a finished table can be dismissed from the home page.
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { clickOneMove, startServer } from './real';

const logLines = (page: Page) => page.locator('.log-lines li').allTextContents();

async function myRow(page: Page, code: string, phase: RegExp, what: string) {
  const row = page.locator(`.my-table[data-table="${code}"]`);
  try {
    await row.locator('.open-facts', { hasText: phase }).waitFor({ timeout: 15000 });
  } catch {
    throw new Error(`${what}: the home page's row reads "${(await row.count()) ? await row.innerText() : '(none)'}"`);
  }
  return row;
}

export async function checkComeback(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  try {
    const a = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
    const b = await (await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' })).newPage();
    await a.goto(server.url + '/');
    if ((await a.locator('.my-tables').count()) !== 0) throw new Error('a browser with no table shows "Your tables"');
    await a.locator('li.game', { has: a.getByRole('heading', { level: 2, name: 'Sortilèges', exact: true }) }).getByRole('button').click();
    await a.locator('form.create input').first().fill('Morgane');
    await a.locator('form.create select').first().selectOption('2');
    await a.locator('.seat-choices select.seat-who').first().selectOption('human');
    await a.locator('form.create button[type=submit]').click();
    await a.locator('#invite-link').waitFor({ timeout: 10000 });
    const code = /\/t\/([a-z0-9]+)/.exec(a.url())![1];
    await b.goto(`${server.url}/t/${code}`);
    await b.locator('.join input[autocomplete=nickname]').fill('Viviane');
    await b.locator('.join button[type=submit]').click();
    await b.locator('.sortileges').waitFor({ timeout: 10000 });

    // A few moves, then the first page reloads: the log comes back as it was.
    let moves = 0;
    for (let i = 0; i < 400 && moves < 6; ++i) for (const p of [a, b]) moves += Number(await clickOneMove(p));
    await a.waitForTimeout(300);
    const before = await logLines(a);
    if (before.length === 0) throw new Error(`no log line after ${moves} moves`);
    await a.reload();
    await a.locator('.sortileges').waitFor({ timeout: 10000 });
    await a.locator('.log-lines li').nth(before.length - 1).waitFor({ timeout: 10000 });
    const after = await logLines(a);
    if (JSON.stringify(after) !== JSON.stringify(before)) throw new Error(`the log after a reload: ${JSON.stringify(after)}; before: ${JSON.stringify(before)}`);

    // The home page, in another tab of the same browser: the table, its game, the other person.
    const home = await a.context().newPage();
    await home.goto(server.url + '/');
    const row = await myRow(home, code, /being played/, 'while playing');
    const facts = await row.locator('.open-facts').innerText();
    if (!/seat 1\b/i.test(facts) || !/Viviane/.test(facts)) throw new Error(`the home page's row reads "${facts}"`);
    await home.close();

    // To the end.
    for (let i = 0; i < 3000 && (await a.locator('.result').count()) === 0; ++i) {
      let any = false;
      for (const p of [a, b]) any = (await clickOneMove(p)) || any;
      if (!any) await a.waitForTimeout(50);
    }
    await a.locator('.result').waitFor({ timeout: 10000 });
    await b.locator('.result').waitFor({ timeout: 10000 });

    // Play again: the asker is taken to the next table at her seat (the first, shown as 1), the
    // other is offered it.
    await a.getByRole('button', { name: 'Play again' }).click();
    await a.waitForURL((u) => /\/t\/[a-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(code), { timeout: 15000 });
    const next = /\/t\/([a-z0-9]+)/.exec(a.url())![1];
    await a.locator('.conn', { hasText: /seat 1\b/ }).waitFor({ timeout: 10000 });
    const offer = b.getByRole('button', { name: 'Join the next game' });
    await offer.waitFor({ timeout: 10000 });
    if (screens) await b.screenshot({ path: join(screens, 'play-again-360.png'), fullPage: true });
    await offer.click();
    await b.waitForURL((u) => u.pathname === `/t/${next}`, { timeout: 15000 });
    await b.locator('.conn', { hasText: /seat 2\b/ }).waitFor({ state: 'attached', timeout: 10000 }); // a phone hides it while playing
    // Both seats taken: the next game begins by itself.
    await a.locator('.sortileges').waitFor({ timeout: 10000 });
    await b.locator('.sortileges').waitFor({ timeout: 10000 });

    // Both pages gone: the next table pauses; the home page says so, and offers to dismiss the
    // finished one.
    await b.context().close();
    await a.goto(server.url + '/');
    await myRow(a, next, /paused/, 'after everyone left');
    const old = await myRow(a, code, /finished/, 'the finished table');
    if (screens) await a.screenshot({ path: join(screens, 'lobby-my-tables-1280.png') });
    await old.getByRole('button', { name: 'Dismiss' }).click();
    await a.locator(`.my-table[data-table="${code}"]`).waitFor({ state: 'detached', timeout: 5000 });
    await a.reload();
    await myRow(a, next, /paused/, 'after a dismiss and a reload');
    if ((await a.locator(`.my-table[data-table="${code}"]`).count()) !== 0) throw new Error('the dismissed table came back');
    await a.setViewportSize({ width: 360, height: 740 });
    if (screens) await a.screenshot({ path: join(screens, 'lobby-my-tables-360.png') });
    const wide = await a.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    if (wide) throw new Error('the home page scrolls sideways at 360 px');
    await a.context().close();
    return { moves, lines: before.length };
  } finally {
    server.stop();
  }
}
