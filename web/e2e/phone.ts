// Requirement (a newcomer on a phone, from the invite link): for each game, a person on a
// 360×740 phone (touch, a mobile browser's user agent) opens the home page and creates a table
// with the form: "Create a table" brings the form into view with its first field focused, and
// the untouched form has a bot at every other seat (so that it would start at once); she makes
// one seat a person's, creates, and copies the invite link with the page's Copy button. While
// the table waits, nothing says whose turn it is (seats panel, tab title, board). A second
// person, on a second phone, opens the link: the invite page names the game and who invites;
// she takes the seat, and both play the whole game to its end by clicking the page only. Every
// step is checked for sideways scrolling at 360 px; the end shows the result and offers "Play
// again". Against a real `sabbat serve`; the other seats are bots that play at random (the
// fastest), Du Balai ! and Baba Yaga play with the form's turn limit, Le Bal des Sorcières's
// reaction windows last a second.
// With a screenshot folder, the steps are saved for docs/web.md (`step-*.png`).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { clickOneMove, startServer } from './real';
import { openForm } from './lobby';
import { boardAfterReady } from './bot_table';

export const PHONE = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  // 1 keeps the screenshots 360 px wide (and small); the layout is the same at any ratio.
  deviceScaleFactor: 1,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  locale: 'en-GB',
};

export const PHONE_GAMES = ['sortileges', 'du-balai', 'baba-yaga', 'bal-des-sorcieres'] as const;
export type GameId = (typeof PHONE_GAMES)[number];

const BOARDS: Record<GameId, string> = { sortileges: '.sortileges', 'du-balai': '.du-balai', 'baba-yaga': '.baba-yaga', 'bal-des-sorcieres': '.bal' };
const NAMES: Record<GameId, string> = { sortileges: 'Sortilèges', 'du-balai': 'Du Balai !', 'baba-yaga': 'Baba Yaga', 'bal-des-sorcieres': 'Le Bal des Sorcières' };

// The page is no wider than the window: nothing to scroll sideways.
async function noSideways(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
  if (scroll > width) throw new Error(`${what}: the page is ${scroll} px wide in a ${width} px window`);
}

// Nothing in the page or the tab's title says whose turn it is.
async function noTurnMarker(page: Page, what: string) {
  const seen = await page.evaluate(() => ({
    title: document.title,
    marks: document.querySelectorAll('.turn-mark, .seat.acting, .your-turn').length,
    text: document.body.innerText,
  }));
  if (seen.title.includes('●')) throw new Error(`${what}: the tab's title says "${seen.title}"`);
  if (seen.marks) throw new Error(`${what}: ${seen.marks} turn markers in the page`);
  const said = /Turn of |Your turn|Your move|to play\b/.exec(seen.text);
  if (said) throw new Error(`${what}: the page says "${said[0]}"`);
}

async function shot(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

const pickOne = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

async function clickSome(page: Page, selector: string): Promise<boolean> {
  const all = await page.locator(selector).all();
  if (all.length === 0) return false;
  try {
    await pickOne(all).click({ timeout: 2000 });
    return true;
  } catch {
    return false; // the state moved on under the finger
  }
}

// One thing done on the board by clicking, as a person would: the game's own controls first
// (Du Balai !'s book and formula, Baba Yaga's forest, Le Bal's attack), else one of the move
// buttons. False when the page offers nothing to do.
export async function clickStep(page: Page, game: GameId): Promise<boolean> {
  if (game === 'du-balai') {
    const close = page.locator('.du-balai > button.primary.big:not([disabled])');
    if ((await close.count()) > 0) {
      try {
        await close.click({ timeout: 2000 });
        return true;
      } catch {
        return false;
      }
    }
    if ((await page.locator('.symbol-cards').count()) > 0) {
      // Two symbols, then "Write" when they make a formula the server allows.
      await clickSome(page, '.symbol-card:not([disabled]):not(.picked)');
      await clickSome(page, '.symbol-card:not([disabled]):not(.picked)');
      const write = page.locator('.write-row button.primary:not([disabled])');
      if ((await write.count()) > 0) {
        try {
          await write.click({ timeout: 2000 });
          return true;
        } catch {
          return false;
        }
      }
      // No formula from these: start again, or write nothing.
      if (await clickOneMove(page)) return true;
      await clickSome(page, '.symbol-card.picked');
      await clickSome(page, '.symbol-card.picked');
      return false;
    }
  }
  if (game === 'baba-yaga') {
    if (await clickOneMove(page)) return true;
    return clickSome(page, '.by-forest button[data-cell]:not([aria-disabled=true]):not([disabled])');
  }
  if (game === 'bal-des-sorcieres' && (await page.locator('.bal-composer').count()) > 0) {
    await clickSome(page, '.bal-option[data-part=potions]:not([disabled])');
    if ((await page.locator('.bal-option[data-part=target][aria-pressed=true]').count()) === 0) await clickSome(page, '.bal-option[data-part=target]:not([disabled])');
    const go = page.locator('.bal-go[data-action]:not([disabled])');
    if ((await go.count()) > 0) {
      try {
        await go.click({ timeout: 2000 });
        return true;
      } catch {
        return false;
      }
    }
    return false;
  }
  return clickOneMove(page);
}

// The form's own settings for a short game against fast bots: every bot plays at random (the
// fastest); Du Balai ! and Baba Yaga stop after a few turns (the form's turn limit); Le Bal des
// Sorcières is played by three.
async function settle(page: Page, game: GameId) {
  if (game === 'bal-des-sorcieres') {
    await page.locator('form.create select').nth(0).selectOption('3');
    // Reaction windows close after a second (two clicking people answer within it).
    await page.locator('#param-window_ms').fill('1');
    await page.locator('#param-window_min_ms').fill('0');
  }
  if (game === 'du-balai' || game === 'baba-yaga') await page.locator('#param-max_turns').fill('3');
  if (game === 'baba-yaga') await page.locator('#param-study_time_ms').fill('3');
  const who = page.locator('.seat-choices select.seat-who');
  const n = await who.count();
  for (let i = 1; i < n; ++i) await who.nth(i).selectOption('random');
}

export interface PhoneRun {
  game: GameId;
  clicks: number;
  checks: number; // sideways-scroll checks passed
  seconds: number;
}

export async function playOnPhones(browser: Browser, url: string, game: GameId, screens?: string): Promise<PhoneRun> {
  const t0 = Date.now();
  const contexts: BrowserContext[] = [];
  let checks = 0;
  const flat = async (p: Page, what: string) => {
    await noSideways(p, `${NAMES[game]}, ${what}`);
    checks++;
  };
  try {
    const hostCtx = await browser.newContext({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    contexts.push(hostCtx);
    const host = await hostCtx.newPage();
    await host.goto(url + '/');
    await host.locator('li.game').first().waitFor();
    await flat(host, 'the home page');
    if (game === 'sortileges') await shot(host, screens, 'step-home-360');
    await openForm(host, NAMES[game], `${NAMES[game]} on a phone`);
    await flat(host, 'the form');
    // Untouched, every other seat is a bot: the form would start the game at once.
    const seats = await host.locator('.seat-choices select.seat-who').evaluateAll((ss) => ss.map((s) => (s as HTMLSelectElement).value));
    if (seats.length === 0 || seats.includes('human')) throw new Error(`${NAMES[game]}: the untouched form's other seats are ${JSON.stringify(seats)}`);
    if (game === 'sortileges') await shot(host, screens, 'step-create-360');
    if (game === 'sortileges') {
      // The first seat is shown from 1, as the seats above it (the server's 0).
      const first = await host.locator('#param-first_seat').evaluate((el) => [(el as HTMLInputElement).value, (el as HTMLInputElement).min, (el as HTMLInputElement).max]);
      if (JSON.stringify(first) !== JSON.stringify(['1', '1', '4'])) throw new Error(`Sortilèges: the first seat field shows ${JSON.stringify(first)} (value, min, max), not seat 1 of 1 to 4`);
    }
    await host.locator('form.create input').first().fill('Morgane');
    await settle(host, game);
    await host.locator('.seat-choices select.seat-who').first().selectOption('human');
    await host.locator('form.create button[type=submit]').tap();
    const field = host.locator('#invite-link');
    await field.waitFor({ timeout: 10000 });
    await host.locator('.waiting .invite button').tap();
    await host.locator('.waiting .invite button', { hasText: 'Copied' }).waitFor({ timeout: 5000 });
    const invite = await host.evaluate(() => navigator.clipboard.readText());
    if (invite !== (await field.inputValue()) || !/\/t\/[A-Za-z0-9_-]+$/.test(invite)) throw new Error(`${NAMES[game]}: copied "${invite}", the page shows "${await field.inputValue()}"`);
    // Requirement (no turn before the start): the table waits for its second person.
    await noTurnMarker(host, `${NAMES[game]}, waiting for a person`);
    await flat(host, 'the waiting table');
    if (game === 'sortileges') await shot(host, screens, 'step-waiting-360');
    if (game === 'sortileges' && screens) {
      await host.setViewportSize({ width: 1280, height: 800 });
      await shot(host, screens, 'step-waiting-1280');
      await host.setViewportSize(PHONE.viewport);
    }

    const guestCtx = await browser.newContext(PHONE);
    contexts.push(guestCtx);
    const guest = await guestCtx.newPage();
    await guest.goto(invite);
    const title = await guest.locator('.join h1').innerText({ timeout: 10000 });
    const by = await guest.locator('.join .invite-by').innerText();
    if (!title.includes(NAMES[game]) || !by.includes('Morgane') || !by.includes(NAMES[game])) throw new Error(`${NAMES[game]}: the invite page says "${title}" / "${by}"`);
    const list = await guest.locator('.join .seat-list').innerText();
    if (!/Seat 1: Morgane/.test(list) || !/Seat 2: free/.test(list)) throw new Error(`${NAMES[game]}: the invite page's seats read "${list}"`);
    await flat(guest, 'the invite page');
    if (game === 'sortileges') await shot(guest, screens, 'step-invite-360');
    await guest.locator('.join input[autocomplete=nickname]').fill('Circé');
    await guest.locator('.join button[type=submit]').tap();
    await Promise.all([boardAfterReady(guest, BOARDS[game], true), boardAfterReady(host, BOARDS[game], true)]);
    await flat(guest, 'the table');
    await flat(host, 'the table');

    const pages = [host, guest];
    let clicks = 0;
    let shotTaken = !screens;
    const end = Date.now() + 300000;
    for (;;) {
      if ((await host.locator('.result').count()) > 0 && (await guest.locator('.result').count()) > 0) break;
      if (Date.now() > end) throw new Error(`${NAMES[game]}: no result after ${clicks} clicks in 5 minutes`);
      let any = false;
      for (const p of pages) {
        if ((await p.locator('.result').count()) > 0) continue;
        if (await clickStep(p, game)) {
          any = true;
          clicks++;
          await flat(p, `after click ${clicks}`);
        }
      }
      if (!shotTaken && clicks >= (game === 'du-balai' ? 3 : 6)) {
        shotTaken = true;
        // From the top of the table (a click moves the focus, and the view, down the board).
        await host.evaluate(() => scrollTo(0, 0));
        await shot(host, screens, `step-${game}-360`);
        if (game === 'sortileges') {
          await host.setViewportSize({ width: 1280, height: 800 });
          await shot(host, screens, 'step-sortileges-1280');
          await host.setViewportSize(PHONE.viewport);
        }
      }
      if (!any) await host.waitForTimeout(60);
    }
    for (const p of pages) {
      await p.locator('.result').waitFor();
      const again = p.locator('.play-again button', { hasText: 'Play again' });
      if (!(await again.isVisible())) throw new Error(`${NAMES[game]}: the result offers no "Play again"`);
      // The result and its button where the person looks after the last move.
      const box = await p.locator('.result').boundingBox();
      if (!box) throw new Error(`${NAMES[game]}: the result is not shown`);
      await flat(p, 'the result');
    }
    if (game === 'sortileges') {
      await host.evaluate(() => scrollTo(0, 0));
      await shot(host, screens, 'step-result-360');
    }
    return { game, clicks, checks, seconds: (Date.now() - t0) / 1000 };
  } catch (e) {
    const dump = process.env.E2E_DUMP;
    if (dump) for (const [i, c] of contexts.entries()) for (const p of c.pages()) await p.screenshot({ path: join(dump, `phone-${game}-${i}.png`), fullPage: true });
    throw e;
  } finally {
    for (const c of contexts) await c.close();
  }
}

// The four games, one after the other, against one server; the home page at 1280 px too.
export async function checkPhones(browser: Browser, bin: string, dist: string, screens?: string, only?: GameId): Promise<PhoneRun[]> {
  const server = await startServer(bin, dist);
  try {
    if (screens) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
      const page = await ctx.newPage();
      await page.goto(server.url + '/');
      await page.locator('li.game').first().waitFor();
      await shot(page, screens, 'step-home-1280');
      await ctx.close();
    }
    const runs: PhoneRun[] = [];
    for (const g of PHONE_GAMES) if (!only || only === g) runs.push(await playOnPhones(browser, server.url, g, screens));
    return runs;
  } finally {
    server.stop();
  }
}
