// A person who plays by clicking the page, her picks drawn from a seeded generator (the same
// seed clicks the same way in the same states; a real-time table's timing may still differ),
// and the states her page receives, kept to be read by the tests.
// Du Balai !: she reads the dice while the book is open and writes the perfect formula of a
// colour when there is one (black first: its bonus draws Magie noire cards, so that she holds
// some and meets the choices of phase 4), else a card at random; on the curse square, where no
// bonus is drawn, she writes nothing (or, as the closer, a symbol not valid, to fall back behind
// the leader); `prefer` lets a test steer her Magie noire choices.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { onReceived } from './received';
import type { GameId } from './phone';

// mulberry32: small, fast, good enough to pick buttons.
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Seen {
  states: any[]; // every state message, in the order received, each with its whole view
  latest: any; // the newest
  refused: any[];
}

// Keeps every state and refusal the page's WebSockets receive.
export function watchStates(page: Page): Seen {
  const seen: Seen = { states: [], latest: null, refused: [] };
  page.on('websocket', (ws) =>
    onReceived(ws, (m) => {
      if (m.type === 'refused') seen.refused.push(m);
      if (m.type !== 'state') return;
      seen.states.push(m);
      if (!seen.latest || m.seq >= seen.latest.seq || m.snapshot) seen.latest = m;
    }),
  );
  return seen;
}

// A table made by someone who does not sit at it: `create` sent over the server's WebSocket
// from a page of its own; resolves with the invite link. `seats`: one entry per seat.
export async function createTable(browser: Browser, url: string, create: Record<string, unknown>): Promise<string> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(url + '/api/games');
    const answer = await page.evaluate(
      (msg) =>
        new Promise<any>((resolve, reject) => {
          const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
          const timer = setTimeout(() => reject(new Error('no answer to create')), 10000);
          ws.onopen = () => ws.send(JSON.stringify(msg));
          ws.onmessage = (e) => {
            const m = JSON.parse(String(e.data));
            if (m.type === 'created' || m.type === 'error' || m.type === 'refused') {
              clearTimeout(timer);
              ws.close();
              resolve(m);
            }
          };
        }),
      { type: 'create', ...create },
    );
    if (answer.type !== 'created' || typeof answer.invite !== 'string') throw new Error(`create ${JSON.stringify(create)}: ${JSON.stringify(answer)}`);
    return answer.invite;
  } finally {
    await ctx.close();
  }
}

// She opens the invite link, reads whose table it is, takes the free seat under her name and
// says she is ready where the game asks it, then waits for the board. With `board` null she
// only takes the seat: another is still free, and the ready step comes once all are taken.
export async function joinFromInvite(ctx: BrowserContext, invite: string, name: string, board: string | null): Promise<{ page: Page; seen: Seen }> {
  const page = await ctx.newPage();
  const seen = watchStates(page);
  await page.goto(invite);
  await page.locator('.join input[autocomplete=nickname]').fill(name, { timeout: 10000 });
  await page.locator('.join button[type=submit]').click();
  if (!board) {
    await page.locator('.join').waitFor({ state: 'detached', timeout: 15000 });
    return { page, seen };
  }
  const ready = page.locator('.ready-button');
  await page.locator(`${board}, .ready-button`).first().waitFor({ timeout: 15000 });
  if (await ready.isVisible()) await ready.click();
  await page.locator(board).waitFor({ timeout: 15000 });
  return { page, seen };
}

async function clickOne(page: Page, selector: string, rng: () => number, prefer?: (action: string | null) => boolean): Promise<boolean> {
  // The buttons' actions read at once: a button may go while they are read one by one, and
  // reading a gone one waits for it.
  const buttons = page.locator(selector);
  const actions = await buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  if (actions.length === 0) return false;
  let picks = actions.map((_, i) => i);
  if (prefer) {
    const liked = picks.filter((i) => prefer(actions[i]));
    if (liked.length) picks = liked;
  }
  try {
    await buttons.nth(picks[Math.floor(rng() * picks.length)]).click({ timeout: 2000 });
    return true;
  } catch {
    return false; // the state moved on under the pointer
  }
}

async function clickIf(page: Page, selector: string): Promise<boolean> {
  const b = page.locator(selector);
  if ((await b.count()) === 0) return false;
  try {
    await b.first().click({ timeout: 2000 });
    return true;
  } catch {
    return false;
  }
}

// Du Balai !'s symbol words in the order of the page's nine cards come from their syllables:
// "Zââm" is `zaam`.
const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

// The perfect formula of the dice she saw this turn: every symbol valid in black (else in
// orange), i.e. shown in that colour only.
export function perfectFormula(dice: { colour: string; syllable: string }[] | undefined): string[] {
  if (!dice) return [];
  const of = (c: string) => new Set(dice.filter((d) => d.colour === c).map((d) => d.syllable));
  const black = of('black');
  const orange = of('orange');
  const onlyBlack = [...black].filter((s) => !orange.has(s));
  const onlyOrange = [...orange].filter((s) => !black.has(s));
  return onlyBlack.length ? onlyBlack : onlyOrange;
}

export interface DuBalaiMind {
  dice: Map<number, { colour: string; syllable: string }[]>; // the dice she saw, by turn
  writingSince: number; // when the writing of this turn began for her (ms), to wait for Décret
  writingTurn: number;
  prefer?: (action: string | null) => boolean; // her Magie noire choices, when a test steers them
  waitForDecret?: boolean; // holding Décret, she waits for the other witches to write
}

export function duBalaiMind(): DuBalaiMind {
  return { dice: new Map(), writingSince: 0, writingTurn: -1 };
}

async function stepDuBalai(page: Page, seen: Seen, rng: () => number, mind: DuBalaiMind): Promise<boolean> {
  for (const st of seen.states) if (st.view?.dice && st.view.phase === 'book-open') mind.dice.set(st.view.turn, st.view.dice);
  const st = seen.latest;
  const v = st?.view;
  // The book open to her (the race's phase 1, or her Décret): close it.
  if (await clickIf(page, '.du-balai > button.primary.big:not([disabled])')) return true;
  if (await clickIf(page, '.du-balai button.move[data-action="play decret"]:not([disabled])')) return true;
  if ((await page.locator('.symbol-cards').count()) > 0 && v?.phase === 'writing') {
    if (mind.writingTurn !== v.turn) {
      mind.writingTurn = v.turn;
      mind.writingSince = Date.now();
    }
    const me = v.viewer;
    const holdsDecret = (v.witches?.[me]?.hand ?? []).includes('decret');
    const deadlineIn = st.deadline?.in ?? 1e9;
    // Holding Décret, she waits for the others to write (then "play decret" is offered), but not
    // past the last seconds of the clock.
    if (mind.waitForDecret && holdsDecret && Date.now() - mind.writingSince < Math.max(0, deadlineIn - 2500)) return false;
    const dice = mind.dice.get(v.turn);
    let words = perfectFormula(dice);
    // On the curse square a perfect formula gets no bonus: she stays where she is, or, when she
    // closed the book (she must write), falls back with a formula of a symbol not valid.
    if (v.curse_square === v.witches?.[me]?.square && dice) {
      if (v.closer !== me) return clickIf(page, '.write-row button:has-text("Write nothing")');
      const shown = new Map<string, Set<string>>();
      for (const d of dice) shown.set(d.syllable, (shown.get(d.syllable) ?? new Set()).add(d.colour));
      const bad = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'].find((w) => (shown.get(w)?.size ?? 0) !== 1);
      if (bad) words = [bad];
    } else if (words.length === 0 || rng() < 0.1) {
      const all = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
      words = [all[Math.floor(rng() * 9)]];
    }
    // The cards read at once (they go when the writing ends, and reading a gone one waits).
    const cards = page.locator('.symbol-card');
    const shown = await cards.evaluateAll((els) => els.map((e) => ({ syl: (e.querySelector('.syl') as HTMLElement | null)?.innerText ?? '', pressed: e.getAttribute('aria-pressed') === 'true' })));
    try {
      for (const [i, c] of shown.entries()) {
        if (words.includes(plain(c.syl)) !== c.pressed) await cards.nth(i).click({ timeout: 2000 });
      }
      // With Double-jeu in hand the first button goes on to a second formula: she writes one.
      const two = (await page.locator('.symbol-hand.two-formulas').count()) > 0;
      const write = page.locator(two ? '.write-row button:nth-child(2):not([disabled])' : '.write-row button.primary:not([disabled])');
      if ((await write.count()) > 0) {
        await write.click({ timeout: 2000 });
        return true;
      }
    } catch {
      return false;
    }
    return clickIf(page, '.du-balai button.move:not([disabled])');
  }
  return clickOne(page, '.du-balai button.move[data-action]:not([disabled])', rng, mind.prefer);
}

// One thing done on the board by clicking: false when the page offers nothing to do.
export async function seededStep(page: Page, game: GameId, seen: Seen, rng: () => number, mind: DuBalaiMind): Promise<boolean> {
  if (game === 'du-balai') return stepDuBalai(page, seen, rng, mind);
  if (game === 'baba-yaga') {
    if (await clickOne(page, '.baba-yaga button.move[data-action]:not([disabled])', rng)) return true;
    return clickOne(page, '.by-forest button[data-cell]:not([aria-disabled=true]):not([disabled])', rng);
  }
  if (game === 'bal-des-sorcieres' && (await page.locator('.bal-composer').count()) > 0) {
    await clickOne(page, '.bal-option[data-part=potions]:not([disabled])', rng);
    if (rng() < 0.3) await clickOne(page, '.bal-option[data-part=spell]:not([disabled])', rng);
    if ((await page.locator('.bal-option[data-part=target][aria-pressed=true]').count()) === 0) await clickOne(page, '.bal-option[data-part=target]:not([disabled])', rng);
    return clickIf(page, '.bal-go[data-action]:not([disabled])');
  }
  return clickOne(page, 'button.move[data-action]:not([disabled])', rng);
}
