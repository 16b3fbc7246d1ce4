// Requirement (the phone shows what is live): in every timed phase of every game, on a 360×740
// touch phone, the clock and everything the seat must look at or act on are on screen without
// scrolling: Du Balai !'s dice, her nine symbol cards and her choices; Baba Yaga's whole forest
// and her buttons; Le Bal's attack on the table, her moves and her hand. A person creates each table from the
// form on a phone, with bots at the other seats, and plays by clicking until the result; before
// each click, while the board shows a clock and offers her something, the board's own elements
// are measured: from the board's top, they must fit in the window's height less HEADER_PX (the
// table page's one-line header over the board on a phone), and from the page's top in the window.
// Both are reported, to tell the board's overflow from the header's.
// Sortilèges has no clock: it is not measured here.
// Du Balai !'s timed moments past the writing come only to a witch who holds Magie noire cards,
// which a person clicking at random never gets, and its reaction windows only when another
// witch plays a spell, which the bots, who rarely hold cards, seldom do: there two friends join a
// seeded table from its invite link, with two bots, and play as people who read the dice
// (seeded_play.ts), each writing the perfect formula of the dice she saw. The one on the phone,
// measured, keeps Brouillard magique and Décret when drawn, else another spell or an acrobatics
// (so the deck thins and Décret comes round), waits for the others to write when she holds Décret, then
// plays it, and answers spells with Brouillard; her friend, on a laptop, keeps and plays the
// other spells. The moments measured are named by the view: `writing`, `decret-look` (the book
// open to her alone), `keep` (a Magie noire card to keep after a perfect black formula),
// `spells` (her formula moment or after-move moment) and `window` (a reaction window, with the
// spell it answers); her run stops once all are measured.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { join } from 'node:path';
import { startServer } from './real';
import { openForm } from './lobby';
import { boardAfterReady } from './bot_table';
import { clickStep, PHONE, type GameId } from './phone';
import { createTable, duBalaiMind, joinFromInvite, seeded, seededStep, type Seen } from './seeded_play';

export const HEADER_PX = 56;

type Timed = Exclude<GameId, 'sortileges'>;
const BOARD: Record<Timed, string> = { 'du-balai': '.du-balai', 'baba-yaga': '.baba-yaga', 'bal-des-sorcieres': '.bal' };
const NAME: Record<Timed, string> = { 'du-balai': 'Du Balai !', 'baba-yaga': 'Baba Yaga', 'bal-des-sorcieres': 'Le Bal des Sorcières' };
// What the seat looks at or acts on, each measured whenever the board shows it; the first is
// the clock. Du Balai !'s differ by moment (`*` for any other): the dice while the book is open
// to her, her cards while she writes; in the resolution her choices, each card's help and, in a
// reaction window, the spell it answers (the dice revealed and the reveal's panels are the
// record of the turn, read below them).
const LIVE: Record<Timed, Record<string, string[]>> = {
  'du-balai': {
    '*': ['.book .countdown', '.dice', '.du-balai > button.primary.big', '.choices', '.symbol-cards', '.write-row'],
    keep: ['.book .countdown', '.choices'],
    spells: ['.book .countdown', '.choices'],
    window: ['.book .countdown', '.choices', '.pending-spell'],
  },
  'baba-yaga': { '*': ['.by-banner .countdown', '.by-forest', '.by-buttons'] },
  'bal-des-sorcieres': { '*': ['.bal-banner .countdown', '.bal-attack:not(.quiet)', '.bal-moves', '.bal-hand'] },
};
// The timed phases each game must have been measured in (the view's `phase`).
const PHASES: Record<Timed, string[]> = {
  'du-balai': ['writing', 'keep', 'spells', 'decret-look', 'window'],
  'baba-yaga': ['study', 'race'],
  'bal-des-sorcieres': ['window'],
};

// Le Bal des Sorcières is turn-based: only its reaction windows bound her time. A turn's other
// clock is its least time (the table plays a forced move then, rules/README.md), which never
// hurries a witch who has a choice, so those moments are not measured.
const ONLY_TIMED: Partial<Record<Timed, string[]>> = { 'bal-des-sorcieres': ['window'] };

export interface LiveRun {
  game: Timed;
  measured: number;
  phases: string[];
  tallest: number; // the largest span from the board's top, px
  fromPage: number; // the largest span from the page's top, px
}

interface Span {
  phase: string;
  fromBoard: number;
  fromPage: number;
  wide: number;
  missing: string[];
  what: string;
}

// The span, from the board's top and from the page's top (scrolled to 0), of the clock and
// every live element shown now; null while no clock runs or nothing is offered.
async function measure(page: Page, game: Timed): Promise<Span | null> {
  return page.evaluate(
    ({ board, lives }) => {
      scrollTo(0, 0);
      const root = document.querySelector(board) as HTMLElement | null;
      if (!root) return null;
      const clock = root.querySelector(lives['*'][0]);
      const offered = root.querySelector('button.move[data-action]:not([disabled]), .symbol-card:not([disabled]), .du-balai > button.primary.big, .bal-option');
      if (!clock || !offered) return null;
      // Du Balai !'s resolution is told apart by what it offers her.
      let phase = root.dataset.phase ?? '';
      if (board === '.du-balai' && phase === 'resolving') {
        const acts = Array.from(root.querySelectorAll('button.move[data-action]')).map((b) => (b as HTMLElement).dataset.action ?? '');
        if (root.querySelector('.pending-spell') && acts.some((a) => a === 'brouillard' || a === 'pass')) phase = 'window';
        else if (acts.some((a) => a.startsWith('keep '))) phase = 'keep';
        else if (acts.length) phase = 'spells';
      }
      const live = lives[phase] ?? lives['*'];
      const top = root.getBoundingClientRect().top;
      let bottom = 0;
      let right = 0;
      let what = '';
      for (const sel of live) {
        for (const el of Array.from(root.querySelectorAll(sel))) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) continue;
          if (r.bottom > bottom) {
            bottom = r.bottom;
            what = sel;
          }
          right = Math.max(right, r.right);
        }
      }
      return { phase, fromBoard: bottom - top, fromPage: bottom, wide: right, missing: [], what };
    },
    { board: BOARD[game], lives: LIVE[game] },
  );
}

async function settleLive(page: Page, game: Timed) {
  if (game === 'bal-des-sorcieres') {
    await page.locator('form.create select').nth(0).selectOption('3');
    // Long enough that a busy machine's page still sees a window that asks her before it closes.
    await page.locator('#param-window_ms').fill('5');
    await page.locator('#param-window_min_ms').fill('0');
  }
  if (game === 'du-balai' || game === 'baba-yaga') await page.locator('#param-max_turns').fill('3');
  if (game === 'baba-yaga') await page.locator('#param-study_time_ms').fill('4');
  const who = page.locator('.seat-choices select.seat-who');
  const n = await who.count();
  for (let i = 1; i < n; ++i) await who.nth(i).selectOption('random');
}

// Du Balai !'s seeded table: her, her friend and two of the default bot, clocks long enough for
// a person's clicks, enough turns to meet every moment; the run stops once all are measured.
const DU_BALAI_SEED = 5;
const duBalaiTable = {
  game: 'du-balai',
  players: 4,
  seats: [{ human: true }, { human: true }, { bot: 'simple' }, { bot: 'simple' }],
  seed: String(DU_BALAI_SEED),
  params: { max_turns: '30', setup_time_ms: '1000', book_time_ms: '1000', formula_time_ms: '8000', decret_time_ms: '3000', reaction_time_ms: '3000', spell_time_ms: '4000', least_time_ms: '300' },
};
const SPELLS = ['double-jeu', 'vent-arriere', 'mauvais-sort', 'attraction', 'blocage', 'oubli-repare', 'rectification'];
// A witch's Magie noire choices: the first card of `keeps` (given her hand) that she may keep,
// and otherwise the moves `plays` likes (none liked: any, at random).
function prefers(seen: Seen, keeps: (hand: string[]) => string[], plays: (a: string) => boolean) {
  return (a: string | null) => {
    if (!a) return false;
    const legal: string[] = seen.latest?.legal ?? [];
    const v = seen.latest?.view;
    const keep = keeps(v?.witches?.[v.viewer]?.hand ?? []).map((c) => `keep ${c}`).find((k) => legal.includes(k));
    return keep ? a === keep : plays(a);
  };
}
// Hers: a Brouillard while she holds none, then Décret, then Double-jeu (two formulas to write
// on the phone), then another spell (so that her own spell moments come), then an acrobatics;
// she plays Décret and Brouillard.
const measuredPrefers = (seen: Seen) =>
  prefers(seen, (hand) => [...(hand.includes('brouillard') ? [] : ['brouillard']), 'decret', ...SPELLS, 'acrobatie-1', 'acrobatie-2', 'acrobatie-3'], (a) => a === 'play decret' || a === 'brouillard');
// Her friend's: any spell but Décret and Brouillard (Double-jeu last), to keep and to play.
const friendPrefers = (seen: Seen) => prefers(seen, () => [...SPELLS.slice(1), SPELLS[0]], (a) => a !== 'pass' && a !== 'brouillard' && a !== 'play decret');

export async function playLive(browser: Browser, url: string, game: Timed, dump?: string): Promise<LiveRun> {
  const ctx = await browser.newContext(PHONE);
  let friend: BrowserContext | null = null;
  let page: Page;
  let step: () => Promise<boolean>;
  try {
    if (game === 'du-balai') {
      const invite = await createTable(browser, url, duBalaiTable);
      friend = await browser.newContext();
      // She takes a seat, her friend the other; both say ready, and the board shows.
      const joined = await joinFromInvite(ctx, invite, 'Morgane', null);
      const joining = joinFromInvite(friend, invite, 'Ysolde', BOARD[game]);
      const ready = joined.page.locator('.ready-button');
      await ready.waitFor({ timeout: 15000 });
      await ready.click();
      const other = await joining;
      await joined.page.locator(BOARD[game]).waitFor({ timeout: 15000 });
      page = joined.page;
      const rng = seeded(DU_BALAI_SEED);
      const mind = { ...duBalaiMind(), prefer: measuredPrefers(joined.seen), waitForDecret: true };
      const friendRng = seeded(DU_BALAI_SEED + 1);
      const friendMind = { ...duBalaiMind(), prefer: friendPrefers(other.seen) };
      // One of them acts per step, her friend first: what the friend did (a spell, and the
      // window it opens) is measured on her page before she answers it.
      step = async () => (await seededStep(other.page, game, other.seen, friendRng, friendMind)) || seededStep(page, game, joined.seen, rng, mind);
    } else {
      page = await ctx.newPage();
      await page.goto(url + '/');
      await page.locator('li.game').first().waitFor();
      await openForm(page, NAME[game], `${NAME[game]}, live on a phone`);
      await page.locator('form.create input').first().fill('Morgane');
      await settleLive(page, game);
      await page.locator('form.create button[type=submit]').tap();
      await boardAfterReady(page, BOARD[game], true);
      step = () => clickStep(page, game);
    }
    const run: LiveRun = { game, measured: 0, phases: [], tallest: 0, fromPage: 0 };
    const room = PHONE.viewport.height - HEADER_PX;
    const end = Date.now() + 240000;
    const all = () => PHASES[game].every((p) => run.phases.includes(p));
    while ((await page.locator('.result').count()) === 0 && !(game === 'du-balai' && all())) {
      if (Date.now() > end) throw new Error(`${NAME[game]}: no result in 4 minutes (measured: ${run.phases.join(', ')})`);
      const span = await measure(page, game);
      if (span && (ONLY_TIMED[game]?.includes(span.phase) ?? true)) {
        run.measured++;
        if (!run.phases.includes(span.phase)) {
          run.phases.push(span.phase);
          if (dump) await page.screenshot({ path: join(dump, `live-${game}-${span.phase}.png`) });
        }
        run.tallest = Math.max(run.tallest, span.fromBoard);
        run.fromPage = Math.max(run.fromPage, span.fromPage);
        if (span.fromBoard > room || span.fromPage > PHONE.viewport.height || span.wide > PHONE.viewport.width) {
          if (dump) await page.screenshot({ path: join(dump, `live-${game}-${span.phase}-full.png`), fullPage: true });
          throw new Error(`${NAME[game]}, phase ${span.phase}: ${span.what} ends ${Math.round(span.fromBoard)} px below the board's top (room: ${room} px of a ${PHONE.viewport.height} px window), ${Math.round(span.fromPage)} px below the page's top, ${Math.round(span.wide)} px wide`);
        }
      }
      if (!(await step())) await page.waitForTimeout(80);
    }
    return run;
  } finally {
    await ctx.close();
    await friend?.close();
  }
}

export async function checkLive(browser: Browser, bin: string, dist: string, dump?: string, only?: string): Promise<LiveRun[]> {
  const server = await startServer(bin, dist);
  try {
    const games = (['du-balai', 'baba-yaga', 'bal-des-sorcieres'] as const).filter((g) => !only || only === g);
    if (games.length === 0) throw new Error(`live-${only}: no such timed game`);
    // The games at once, each at its own table: most of the time goes in waiting for clocks.
    return await Promise.all(
      games.map(async (g) => {
        // A reaction window asks her only when she holds a card to play in it, which a random
        // deal may never give her in one game: up to three games, until every timed phase was
        // met; their measures add up.
        let run = await playLive(browser, server.url, g, dump);
        for (let more = 0; more < 2 && PHASES[g].some((p) => !run.phases.includes(p)); ++more) {
          const next = await playLive(browser, server.url, g, dump);
          run = { ...run, measured: run.measured + next.measured, phases: [...new Set([...run.phases, ...next.phases])], tallest: Math.max(run.tallest, next.tallest), fromPage: Math.max(run.fromPage, next.fromPage) };
        }
        for (const p of PHASES[g]) if (!run.phases.includes(p)) throw new Error(`${NAME[g]}: the phase ${p} was never measured in three games (measured: ${run.phases.join(', ')})`);
        return run;
      }),
    );
  } finally {
    server.stop();
  }
}
