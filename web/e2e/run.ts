// End to end in Debian's chromium. `node dist-test/e2e/run.mjs [--sabbat PATH] [--screens DIR]`
// Always: joining through the invite link and rejoining after a reload (mocked WebSocket), and
// the balance report page filled with a sample report, opened offline from a file.
//  --sabbat PATH  play a whole Sortilèges game through four browsers against `PATH serve`, two
//                 turns of Du Balai ! and three turns of Baba Yaga against bots with the keyboard,
//                 and a whole game of Le Bal des Sorcières against bots with the mouse, then
//                 its incantation mode: formulas typed right and wrong
//                 Before them, the lobby's table form of each game at both sizes (lobby.ts).
//                 Then each game again from the invite link on two phones (phone.ts): a person
//                 creates the table, a second one joins through the link, both click to the end.
//  --game ID      with --sabbat: play only that game (or `lobby`: the form only; `phone`: the
//                 four games on phones only; `phone-ID`: one of them; `live`: the timed phases
//                 measured on a phone, live.ts; `live-ID`: one game; `no-forced`: the four games
//                 from an invite link, never a forced move asked, no_forced_prompt.ts;
//                 `no-forced-ID`: one game; E2E_SEED picks its seed, E2E_FORCED_MOVES=asked
//                 makes its tables ask forced moves, so that it must fail)
//  --screens DIR  save the lobby, game and report screenshots (360×740 and 1280×800) into DIR;
//                 with `--game phone`, only the steps of docs/web.md (`step-*.png`): the guide's
//                 pictures are made again with `--game phone --screens ../docs/web`
//  --part G,...   only these groups of the run, so that web/test.sh runs the groups at once,
//                 each with its own browser: basics (the checks without a server, the report,
//                 the lobby, comeback, the Sortilèges, Du Balai ! and Baba Yaga games), live,
//                 no-forced, phone, axe, bal (Le Bal's whole game and its incantation mode).
//                 Most of their time is spent waiting for the games' clocks.
// Every WebSocket message the pages send or receive, real or mocked, is checked against the
// protocol's JSON Schemas (docs/protocol/, through schemas.ts) at the end of the run; a message
// that does not follow them fails the run. --no-schemas leaves the check out.
// CHROMIUM overrides the browser path (default /usr/bin/chromium).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenshots } from './screens';
import { checkAxe } from './axe';
import { playBabaYaga, playDuBalai, playSortileges } from './real';
import { playBal } from './bal';
import { readBal } from './bal_incantation';
import { checkLobby } from './lobby';
import { checkPhones, PHONE_GAMES } from './phone';
import { checkLive, HEADER_PX } from './live';
import { checkNoForcedPrompt, NO_FORCED_GAMES } from './no_forced_prompt';
import { checkRejoin } from './rejoin';
import { checkReady } from './ready';
import { checkChat } from './chat';
import { checkComeback } from './comeback';
import { checkReport } from './report';
import { recordBabaYaga } from './record_baba_yaga';
import { watchBrowser } from './schemas';

const here = dirname(fileURLToPath(import.meta.url));
const web = resolve(here, '..', '..');
const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

// Recording the Baba Yaga fixtures needs no browser (see record_baba_yaga.ts).
const record = opt('--record-baba-yaga');
if (record) {
  const files = await recordBabaYaga(resolve(record), join(web, 'dist'), join(web, 'e2e', 'fixtures'));
  console.log(`recorded: ${files.join(', ')}`);
  process.exit(0);
}

const GROUPS = ['basics', 'live', 'no-forced', 'phone', 'axe', 'bal'] as const;
type Group = (typeof GROUPS)[number];
const parts = opt('--part')?.split(',');
for (const p of parts ?? []) if (!GROUPS.includes(p as Group)) throw new Error(`--part ${p}: one of ${GROUPS.join(', ')}`);
// Whether this run holds the checks of group `g` (all, without --part).
const inPart = (g: Group) => parts === undefined || parts.includes(g);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const frames = args.includes('--no-schemas') ? null : watchBrowser(browser);
let failed = false;
// `--game phone` with --screens makes the guide's pictures only.
const phoneOnly = opt('--game') === 'phone' || !!opt('--game')?.startsWith('phone-');
try {
  if (inPart('basics')) {
    await checkRejoin(browser, join(web, 'dist'), join(web, 'e2e', 'fixtures'));
    console.log('e2e rejoin: the invite link joins, a reloaded page rejoins with its token');
    await checkReady(browser, join(web, 'dist'), opt('--screens') && resolve(opt('--screens')!));
    console.log('e2e ready: the ready step shows who is ready, "I’m ready" within the screen, the owner’s start for an absent person and the countdown');
    const chat = await checkChat(browser, join(web, 'dist'), join(web, 'e2e', 'fixtures'), opt('--screens') && resolve(opt('--screens')!));
    console.log(`e2e chat: ${chat.hostile} hostile texts shown as plain text; a text and a reaction sent; closed on a phone with its unread count`);
    const shots = phoneOnly ? undefined : opt('--screens');
    const rep = await checkReport(browser, join(web, 'dist'), join(web, 'e2e', 'fixtures'), shots && resolve(shots));
    console.log(`e2e report: ${rep.charts} charts drawn as SVG offline from a ${(rep.bytes / 1024).toFixed(0)} KiB file, tables as the sample report, no request made`);
  }
  const sabbat = opt('--sabbat');
  if (sabbat && inPart('basics')) {
    // The same checks on a real report: two bots, a compared parameter, spells never played.
    const args = ['report', 'bal-des-sorcieres', '--games', '40', '--bots', 'random,normal', '--compare', 'level=easy,hard', '--json'];
    const json = execFileSync(resolve(sabbat), args, { encoding: 'utf8', maxBuffer: 1 << 26 });
    const real = await checkReport(browser, join(web, 'dist'), join(web, 'e2e', 'fixtures'), undefined, json);
    console.log(`e2e report: \`sabbat ${args.join(' ')}\` drawn too, ${real.charts} charts`);
  }
  if (sabbat && inPart('axe') && (!opt('--game') || opt('--game') === 'axe')) {
    const axe = await checkAxe(browser, resolve(sabbat), join(web, 'dist'));
    if (axe.violations.length) throw new Error(`axe-core: ${axe.violations.length} violations:\n${axe.violations.map((v) => `${v.page}: ${v.id} (${v.impact}) ${v.nodes.join(' | ')}`).join('\n')}`);
    console.log(`e2e axe-core: ${axe.pages} pages at 360 and 1280 px, in English and French, no violation`);
  }
  // --game ID plays only that game against the server.
  const only = opt('--game');
  // Le Bal's whole game is the group bal, live and no-forced are groups of their own, the rest
  // are basics.
  const groupOf = (id: string): Group => (id === 'bal-des-sorcieres' ? 'bal' : id === 'live' || id === 'no-forced' ? id : 'basics');
  const wanted = (id: string) => (!only || only === id) && inPart(groupOf(id));
  if (sabbat) {
    if (wanted('lobby')) {
      const l = await checkLobby(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e lobby: the form opens in view with its first field focused at 360 and 1280 px; ${l.started} untouched forms started their game; no sideways scroll at 360 px; no raw name in the French form`);
    }
    if (wanted('comeback')) {
      const c = await checkComeback(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e comeback: after ${c.moves} moves a reload brought back its ${c.lines} log lines; the home page lists the table; play again seats both people at the next table; a table left by all pauses; a finished one is dismissed`);
    }
    if (wanted('sortileges')) {
      const r = await playSortileges(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e sortileges: ${r.actions} moves clicked; scores shown ${JSON.stringify(r.shown)} = record ${JSON.stringify(r.record)}; no hand leaked`);
    }
    if (wanted('du-balai')) {
      const d = await playDuBalai(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e du-balai: ${d.wrote} formulas written with the keyboard against three bots; no die in the page with the book closed`);
    }
    if (wanted('baba-yaga')) {
      const b = await playBabaYaga(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e baba-yaga: ${b.keys} actions typed against two bots; ${b.frames} frames checked, none shows what seat 0 may not see`);
    }
    if (wanted('bal-des-sorcieres')) {
      const bal = await playBal(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'), (opt('--lang') as 'en' | 'fr') ?? 'en');
      console.log(`e2e bal-des-sorcieres: a whole game against three bots, moves clicked ${JSON.stringify(bal.clicked)}; ${bal.lines} log lines told by the page; ${bal.frames} frames checked, none shows what seat 0 may not see; ${bal.asked} windows asked her, each with a card to play; the page let ${bal.passedForHer} pass for her`);
      const read = await readBal(browser, resolve(sabbat), join(web, 'dist'), opt('--screens'));
      console.log(`e2e bal-des-sorcieres, incantation mode: read right "${read.right}", slipped "${read.slip}"`);
    }
    if (wanted('live') || (inPart('live') && only?.startsWith('live-'))) {
      for (const r of await checkLive(browser, resolve(sabbat), join(web, 'dist'), process.env.E2E_DUMP, only?.startsWith('live-') ? only.slice(5) : undefined))
        console.log(`e2e live ${r.game}: ${r.measured} timed moments on a 360×740 phone, phases ${r.phases.join(', ')}: the clock and what she acts on end at most ${Math.round(r.tallest)} px below the board's top (room ${740 - HEADER_PX} px); ${Math.round(r.fromPage)} px from the page's top`);
    }
    if (wanted('no-forced') || (inPart('no-forced') && only?.startsWith('no-forced-'))) {
      const one = only?.startsWith('no-forced-') ? (only.slice(10) as (typeof NO_FORCED_GAMES)[number]) : undefined;
      if (one && !NO_FORCED_GAMES.includes(one)) throw new Error(`--game ${only}: no such game (${NO_FORCED_GAMES.join(', ')})`);
      const t0 = Date.now();
      const runs = await checkNoForcedPrompt(browser, resolve(sabbat), join(web, 'dist'), { seed: process.env.E2E_SEED ? Number(process.env.E2E_SEED) : undefined, forced: process.env.E2E_FORCED_MOVES, dump: process.env.E2E_DUMP, only: one });
      for (const r of runs) console.log(`e2e no-forced ${r.game}: joined from an invite link against bots (seed ${r.seed}), played to the result in ${r.seconds.toFixed(0)} s; ${r.offers} states offered her something, none a forced move alone; the table played ${r.forcedForHer} for her, told in her log`);
      console.log(`e2e no-forced: ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
    }
    if ((!only || phoneOnly) && inPart('phone')) {
      const one = only?.startsWith('phone-') ? (only.slice(6) as (typeof PHONE_GAMES)[number]) : undefined;
      if (one && !PHONE_GAMES.includes(one)) throw new Error(`--game ${only}: no such game (${PHONE_GAMES.join(', ')})`);
      const t0 = Date.now();
      const runs = await checkPhones(browser, resolve(sabbat), join(web, 'dist'), opt('--screens') && resolve(opt('--screens')!), one);
      for (const r of runs) console.log(`e2e phone ${r.game}: created on a 360 px phone, joined from the invite link on another, ${r.clicks} clicks to the result (${r.seconds.toFixed(0)} s); ${r.checks} pages without sideways scroll; no turn shown while waiting`);
      console.log(`e2e phone: ${((Date.now() - t0) / 1000).toFixed(0)} s in all`);
    }
  }
  const dir = phoneOnly || !inPart('basics') ? undefined : opt('--screens');
  if (dir) {
    const shots = await screenshots(browser, join(web, 'dist'), join(web, 'e2e', 'fixtures'), resolve(dir), (opt('--lang') as 'en' | 'fr') ?? 'en');
    console.log(`screenshots: ${shots.length} files in ${dir}`);
  }
  if (frames) {
    const errors = frames.errors();
    if (errors.length) throw new Error(`${errors.length} WebSocket messages do not follow docs/protocol/:\n${errors.slice(0, 40).join('\n')}`);
    console.log(`e2e schemas: ${frames.count()} WebSocket messages of ${frames.connections.length} connections follow docs/protocol/`);
  }
} catch (e) {
  failed = true;
  console.error('e2e FAILED:', e);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
