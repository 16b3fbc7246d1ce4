// Requirement ("a forced move is not asked", rules/README.md): a person who has never
// played opens an invite link of each of the four games, takes the one free seat of a table of
// the fewest players whose other seats are bots, says she is ready and plays the whole game to
// its result by clicking (each pick drawn from a seeded generator). Every state her page
// receives is read: whenever it offers her something, it never offers exactly one answer that
// the game's rules ("Forced moves" in docs/rules/*.md) have the table play for her:
//  - Du Balai !: `pass` alone (a formula or after-move moment holding nothing playable, or a
//    reaction window holding no Brouillard), `keep <card>` alone (the cards drawn all alike);
//  - Le Bal des Sorcières: any lone move (`take` with no parry, the one parry she must make,
//    `pass` with no potion, the compulsory Lutin, any other one-choice);
//  - Baba Yaga: `target N` alone (a spell that may reach one opponent only);
//  - Sortilèges: any lone move (the game always offers at least two).
// A lone move that is a choice of when (`close-book`, Baba Yaga's `ready` and `move`) is not one.
// Her view's setting is the default "auto"; when the table plays for her (an event `forced` of
// her seat), her page's log says so. The tables use the shortest clocks the game allows but for
// the steps she must answer. E2E_FORCED_MOVES=asked creates the tables with
// `forced_moves=asked` instead: the check must then fail (a test of the test).
import type { Browser } from 'playwright-core';
import { join } from 'node:path';
import { startServer } from './real';
import { PHONE, type GameId } from './phone';
import { createTable, duBalaiMind, joinFromInvite, seeded, seededStep, type Seen } from './seeded_play';

const BOARD: Record<GameId, string> = { sortileges: '.sortileges', 'du-balai': '.du-balai', 'baba-yaga': '.baba-yaga', 'bal-des-sorcieres': '.bal' };
const NAME: Record<GameId, string> = { sortileges: 'Sortilèges', 'du-balai': 'Du Balai !', 'baba-yaga': 'Baba Yaga', 'bal-des-sorcieres': 'Le Bal des Sorcières' };

// Each table: the fewest players, the person at seat 0, bots elsewhere, short clocks.
function tableOf(game: GameId, seed: number, forced: string | undefined): Record<string, unknown> {
  const bots = (n: number, bot: string) => [{ human: true }, ...Array.from({ length: n - 1 }, () => ({ bot }))];
  const f = forced ? { forced_moves: forced } : {};
  switch (game) {
    case 'sortileges':
      return { game, players: 2, seats: bots(2, 'random'), seed: String(seed) };
    case 'du-balai':
      // The default bot plays spells (a reaction window for her); she has the time to click.
      return {
        game,
        players: 2,
        seats: bots(2, 'simple'),
        seed: String(seed),
        params: { ...f, max_turns: '6', setup_time_ms: '1000', book_time_ms: '1000', formula_time_ms: '6000', decret_time_ms: '1000', decret_time_expert_ms: '1000', reaction_time_ms: '2000', spell_time_ms: '2500', least_time_ms: '300' },
      };
    case 'baba-yaga':
      return { game, players: 2, seats: bots(2, 'random'), seed: String(seed), params: { ...f, max_turns: '6', study_time_ms: '1000', place_time_ms: '2000', move_time_ms: '300', choice_time_ms: '2000' } };
    case 'bal-des-sorcieres':
      return { game, players: 3, seats: bots(3, 'random'), seed: String(seed), params: { ...f, window_ms: '1000', window_min_ms: '0' } };
  }
}

// The one answer offered when it is a move the rules force, described; null otherwise.
export function forcedAlone(game: GameId, st: any): string | null {
  const legal: string[] = st.legal ?? [];
  if (legal.length !== 1 || (st.legal_forms ?? []).length > 0) return null;
  const a = legal[0];
  const v = st.view ?? {};
  const where = `phase ${v.phase}${v.step ? `, step ${v.step}` : ''}${v.pending ? ', a reaction window' : ''}`;
  if (game === 'du-balai' && (a === 'pass' || a.startsWith('keep '))) return `"${a}" alone (${where})`;
  if (game === 'baba-yaga' && /^target \d+$/.test(a)) return `"${a}" alone (${where})`;
  if (game === 'bal-des-sorcieres' || game === 'sortileges') return `"${a}" alone (${where})`;
  return null;
}

export interface NoForcedRun {
  game: GameId;
  seed: number;
  offers: number; // states that offered her something
  forcedForHer: number; // moves the table played for her
  seconds: number;
}

async function playOne(browser: Browser, url: string, game: GameId, seed: number, forced: string | undefined, dump?: string): Promise<NoForcedRun> {
  const t0 = Date.now();
  const invite = await createTable(browser, url, tableOf(game, seed, forced));
  const ctx = await browser.newContext(PHONE);
  const what = `${NAME[game]} (table seed ${seed}, ${invite})`;
  try {
    const { page, seen } = await joinFromInvite(ctx, invite, 'Morgane', BOARD[game]);
    const rng = seeded(seed);
    const mind = duBalaiMind();
    let checked = 0;
    const check = (s: Seen) => {
      for (; checked < s.states.length; ++checked) {
        const st = s.states[checked];
        const alone = forcedAlone(game, st);
        if (alone) throw new Error(`${what}: at seq ${st.seq} the page was offered ${alone}: a forced move, asked`);
      }
    };
    const end = Date.now() + 240000;
    while ((await page.locator('.result').count()) === 0) {
      if (Date.now() > end) throw new Error(`${what}: no result in 4 minutes`);
      check(seen);
      if (!(await seededStep(page, game, seen, rng, mind))) await page.waitForTimeout(60);
    }
    check(seen);
    const you = seen.states.find((s) => typeof s.you === 'number')?.you ?? 0;
    const offers = seen.states.filter((s) => (s.legal ?? []).length > 0 || (s.legal_forms ?? []).length > 0).length;
    if (offers === 0) throw new Error(`${what}: her page was never offered anything`);
    // Her setting is the default: the table plays her forced moves.
    const modes = new Set(seen.states.map((s) => s.view?.forced).filter((m) => m !== undefined));
    if (game !== 'sortileges' && !forced && (modes.size !== 1 || !modes.has('auto'))) throw new Error(`${what}: her view's forced setting was ${JSON.stringify([...modes])}, not "auto"`);
    // What the table played for her, her log says.
    const forcedForHer = seen.states.flatMap((s) => s.events ?? []).filter((e: any) => e.kind === 'forced' && e.data?.seat === you).length;
    if (forcedForHer > 0) {
      const lines = await page.locator('.log-lines li').allInnerTexts();
      if (!lines.some((l) => /\bthe table (passed|took|played|aimed)\b/.test(l))) throw new Error(`${what}: the table played ${forcedForHer} forced moves for her, her log says none`);
    }
    return { game, seed, offers, forcedForHer, seconds: (Date.now() - t0) / 1000 };
  } catch (e) {
    if (dump) for (const p of ctx.pages()) await p.screenshot({ path: join(dump, `no-forced-${game}.png`), fullPage: true });
    throw e;
  } finally {
    await ctx.close();
  }
}

export const NO_FORCED_GAMES: GameId[] = ['sortileges', 'du-balai', 'baba-yaga', 'bal-des-sorcieres'];

export async function checkNoForcedPrompt(browser: Browser, bin: string, dist: string, opts: { seed?: number; forced?: string; dump?: string; only?: GameId } = {}): Promise<NoForcedRun[]> {
  const server = await startServer(bin, dist);
  try {
    const runs: NoForcedRun[] = [];
    const seed = opts.seed ?? 39;
    for (const g of NO_FORCED_GAMES) if (!opts.only || opts.only === g) runs.push(await playOne(browser, server.url, g, seed, opts.forced, opts.dump));
    return runs;
  } finally {
    server.stop();
  }
}
