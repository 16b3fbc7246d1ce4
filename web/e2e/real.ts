// Requirement (issue 10, e2e 1): four browser contexts create and join one Sortilèges table
// through the invite link, play the whole game by clicking the moves the server offers, and the
// final scores shown equal the record's result line.
import type { Browser, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBotTable } from './bot_table';
import { spawnServe, type Served } from './serve';
import { onReceived } from './received';
import { namesIngredient } from './ingredients';

export function startServer(bin: string, dist: string): Promise<Served> {
  return spawnServe(bin, ['--web', dist], 'sabbat-e2e-');
}

// Clicks one of the moves the page offers, at random; false when it offers none.
export async function clickOneMove(page: Page): Promise<boolean> {
  const moves = page.locator('button.move[data-action]:not([disabled])');
  const n = await moves.count();
  if (n === 0) return false;
  const pick = moves.nth(Math.floor(Math.random() * n));
  try {
    await pick.click({ timeout: 2000 });
    return true;
  } catch {
    return false; // the state moved on under the pointer: try again next round
  }
}

// Requirement (issue 10, e2e 4): no frame a page receives holds what its seat may not see. The
// cards in a seat's hand at one seq must appear in no other seat's view of that seq (the last
// reveal and the events are left out: the pile is reshuffled each round, so a card shown there
// may be dealt again at once).
function checkNoLeak(frames: Map<number, any>[]) {
  for (const [i, mine] of frames.entries()) {
    for (const [seq, st] of mine) {
      const hand: string[] = st.view?.hand ?? [];
      for (const [j, theirs] of frames.entries()) {
        if (j === i || !theirs.has(seq)) continue;
        const { last_round: _lr, ...view } = theirs.get(seq).view;
        const text = JSON.stringify(view);
        for (const c of hand) if (text.includes(`"${c}"`)) throw new Error(`seat ${j}'s view at seq ${seq} shows ${c}, held by seat ${i}`);
      }
    }
  }
}

export async function playSortileges(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  const pages: Page[] = [];
  try {
    // Each page's received states by seq, to check what its seat was sent.
    const frames: Map<number, any>[] = [];
    for (let i = 0; i < 4; ++i) {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      const mine = new Map<number, any>();
      frames.push(mine);
      page.on('websocket', (ws) =>
        onReceived(ws, (m) => {
          if (m.type === 'state') mine.set(m.seq, m);
        }),
      );
      pages.push(page);
    }
    const [host, ...guests] = pages;
    await host.goto(server.url + '/');
    await host.getByRole('heading', { level: 2, name: 'Sortilèges' }).waitFor();
    await host.locator('li.game', { hasText: 'Sortilèges' }).getByRole('button').click();
    await host.locator('form.create input').first().fill('Morgane');
    // The other seats start as bots: here they are for the three guests.
    for (const s of await host.locator('.seat-choices select.seat-who').all()) await s.selectOption('human');
    await host.locator('form.create input[name=listed]').check();
    await host.locator('form.create button[type=submit]').click();
    const invite = await host.locator('#invite-link').inputValue({ timeout: 10000 });
    if (!/\/t\/[A-Za-z0-9_-]+$/.test(invite)) throw new Error(`no invite link: ${invite}`);
    const code = invite.split('/').pop()!;
    const names = ['Circé', 'Baba', 'Hécate'];
    for (const [i, g] of guests.entries()) {
      if (i === 0) {
        // Requirement (issue 10, open tables): the first guest finds the listed table in the
        // lobby's list of open tables and joins from there.
        await g.goto(server.url + '/');
        const row = g.locator(`.open-table[data-table="${code}"]`);
        await row.waitFor({ timeout: 10000 });
        if (!/1 of 4 seats taken/.test(await row.innerText())) throw new Error(`open table row: ${await row.innerText()}`);
        if (screens) await g.screenshot({ path: join(screens, 'lobby-open-tables-1280.png'), fullPage: true });
        await row.getByRole('button').click();
      } else {
        await g.goto(invite);
      }
      await g.locator('.join input[autocomplete=nickname]').fill(names[i]);
      await g.locator('.join button[type=submit]').click();
      await g.locator('.table-head').waitFor();
    }
    let actions = 0;
    for (let rounds = 0; rounds < 2000; ++rounds) {
      if ((await host.locator('.result').count()) > 0) break;
      let any = false;
      for (const p of pages) if (await clickOneMove(p)) {
        any = true;
        actions++;
      }
      if (!any) await host.waitForTimeout(50);
    }
    try {
      for (const p of pages) await p.locator('.result').waitFor({ timeout: 10000 });
    } catch (e) {
      // What each page showed, to see why the game did not end.
      const dump = process.env.E2E_DUMP;
      if (dump) for (const [i, p] of pages.entries()) await p.screenshot({ path: join(dump, `stuck-${i}.png`), fullPage: true });
      throw new Error(`no result after ${actions} moves: ${String(e)}`);
    }
    const shown = await host.locator('.result tr[data-seat]').evaluateAll((rows) =>
      rows.map((r) => [Number((r as HTMLElement).dataset.seat), Number(r.querySelector('.score-value')!.textContent)] as [number, number]).sort((a, b) => a[0] - b[0]).map((x) => x[1]),
    );
    const href = await host.locator('.result a[download]').getAttribute('href');
    const rec = await (await fetch(new URL(href!, server.url))).text();
    const last = JSON.parse(rec.trim().split('\n').pop()!);
    const record: number[] = last.result.scores;
    if (JSON.stringify(shown) !== JSON.stringify(record)) throw new Error(`scores shown ${JSON.stringify(shown)} differ from the record ${JSON.stringify(record)}`);
    // Frames are keyed by seat: the host took seat 0 and the guests the next free ones.
    const bySeat: Map<number, any>[] = [];
    for (const f of frames) {
      const any = f.values().next().value;
      bySeat[any.you] = f;
    }
    checkNoLeak(bySeat);
    if (screens) await host.screenshot({ path: join(screens, 'sortileges-real-1280.png'), fullPage: true });
    await checkReplay(host, rec.trim().split('\n').length - 2, record, screens);
    return { actions, shown, record };
  } finally {
    server.stop();
  }
}

// The replay viewer, from the result's link: every action is a step, the end shows the
// record's scores, the start shows none, and another seat's eyes are one choice away.
async function checkReplay(page: Page, actions: number, record: number[], screens?: string) {
  await page.locator('.result a.button:not([download])').click();
  const step = page.locator('.replay-steps output');
  await step.waitFor();
  const told = async () => (await step.innerText()).trim();
  if ((await told()) !== `Step 0 of ${actions}`) throw new Error(`replay opens at "${await told()}", expected step 0 of ${actions}`);
  if ((await page.locator('.result').count()) !== 0) throw new Error('the replay shows a result at the deal');
  // The page draws a step after the key's event: wait for the step, then say where it stopped.
  const reaches = async (n: number, what: string) => {
    try {
      await page.locator('.replay-steps output', { hasText: new RegExp(`^Step ${n} of ${actions}$`) }).waitFor({ timeout: 10_000 });
    } catch {
      throw new Error(`${what}: "${await told()}"`);
    }
  };
  for (let i = 0; i < 12; ++i) await page.keyboard.press('ArrowRight');
  await reaches(12, 'after 12 steps forward');
  if (screens) await page.screenshot({ path: join(screens, 'replay-1280.png'), fullPage: true });
  await page.keyboard.press('ArrowLeft');
  await reaches(11, 'a step back');
  await page.keyboard.press('End');
  await page.locator('.result').waitFor();
  const shown = await page.locator('.result tr[data-seat]').evaluateAll((rows) =>
    rows.map((r) => [Number((r as HTMLElement).dataset.seat), Number(r.querySelector('.score-value')!.textContent)] as [number, number]).sort((a, b) => a[0] - b[0]).map((x) => x[1]),
  );
  if (JSON.stringify(shown) !== JSON.stringify(record)) throw new Error(`replay's scores ${JSON.stringify(shown)} differ from the record ${JSON.stringify(record)}`);
  await page.locator('.replay-bar select').selectOption('spectator');
  await page.waitForURL(/replay\?seat=spectator$/);
  // Changing whose eyes keeps the moment: still the last step.
  await page.locator('.replay-steps output', { hasText: `Step ${actions} of ${actions}` }).waitFor({ timeout: 10_000 });
  await page.locator('.rules-toggle').click();
  await page.locator('.rules-text h1').waitFor();
}

// Requirement (issue 10, e2e 2): one person plays two turns of Du Balai ! against three bots
// with the keyboard only; while the book is closed in the writing phase no die is in the page.
export async function playDuBalai(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  try {
    const { page } = await openBotTable(browser, server.url, 'Du Balai', '.du-balai');
    let wrote = 0;
    let closedSeen = 0;
    let whySeen = false;
    const deadline = Date.now() + 180000;
    while ((wrote < 2 || !whySeen) && Date.now() < deadline) {
      // The phase and the dice read in one look: the bots play on in real time, and two reads
      // could see the writing phase, then the dice of the next reveal.
      const { phase, dice } = await page.evaluate(() => ({
        phase: document.querySelector('.du-balai')?.getAttribute('data-phase') ?? null,
        dice: document.querySelectorAll('.die').length,
      }));
      if (phase === 'book-open' && (await page.locator('.book.open').count()) > 0) {
        if (screens && closedSeen === 0) await page.screenshot({ path: join(screens, 'du-balai-real-1280.png'), fullPage: true });
        await page.keyboard.press('Space');
      } else if (phase === 'writing') {
        if (dice !== 0) throw new Error('dice in the page while the book is closed');
        closedSeen++;
        if ((await page.locator('.symbol-cards').count()) > 0) {
          await page.keyboard.press('1');
          await page.keyboard.press('9');
          // The builder tells the move if valid and never a verdict while the dice are hidden;
          // the colour rule is written under the cards.
          // The line follows the cards picked (a key pressed as the moment changes may be lost:
          // picks belong to one moment), so it is read against the picked cards in one look.
          await page.waitForTimeout(200);
          const { said, n } = await page.evaluate(() => ({
            said: document.querySelector('.db-picked')?.textContent ?? '',
            n: document.querySelectorAll('.symbol-card.picked').length,
          }));
          const cards = n === 1 ? '1 card' : `${n} cards`;
          const squares = n === 1 ? '1 square' : `${n} squares`;
          if (n > 0 && !said.startsWith(`${cards}: if valid, ${squares} forward.`)) throw new Error(`the builder says "${said}" for ${cards}`);
          if (/perfect in|valid in/.test(said)) throw new Error(`the builder gives a verdict with the dice hidden: "${said}"`);
          if (!/one colour only/.test(await page.locator('.db-rules').innerText())) throw new Error('no colour rule under the symbol cards');
          await page.keyboard.press('Enter');
          try {
            await page.locator('.symbol-cards').waitFor({ state: 'detached', timeout: 5000 });
          } catch (e) {
            if (process.env.E2E_DUMP) await page.screenshot({ path: join(process.env.E2E_DUMP, 'stuck-du-balai.png'), fullPage: true });
            throw e;
          }
          wrote++;
        }
      } else if ((await page.locator('.choices .move').count()) > 0) {
        await page.keyboard.press(/keep/.test((await page.locator('.choices .move').first().getAttribute('data-action')) ?? '') ? '1' : 'p');
      }
      // After a reveal, the first-game aid (on by default) says why, one line per witch.
      // (from the view while it holds the reveal, from the log after it).
      if (!whySeen && (await page.locator('.why .why-line').count()) > 0) {
        const lines = await page.locator('.why .why-line').allInnerTexts();
        if (lines.length === 0 || !lines.every((l) => /formula|Double-jeu/.test(l))) throw new Error(`a Why line says no formula: ${lines.join(' | ')}`);
        whySeen = true;
      }
      await page.waitForTimeout(100);
    }
    if (wrote < 2) throw new Error(`only ${wrote} formulas written by keyboard in three minutes`);
    if (!whySeen) throw new Error('no reveal with its Why seen');
    return { wrote };
  } finally {
    server.stop();
  }
}

// Requirement (Baba Yaga in the browser): one person plays Baba Yaga against two bots with the
// keyboard only (Enter, a column letter then a row digit, x, Space, n e s w, digits, l), and
// no frame the page received holds what seat 0 may not see: after the game, every frame is
// checked against the full states `sabbat replay --states` rebuilds from the record.
export async function playBabaYaga(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  try {
    // A short study, and three turns: seat 0 searches, then moves Baba Yaga, then places her.
    const table = await openBotTable(browser, server.url, 'Baba Yaga', '.baba-yaga', async (p) => {
      await p.locator('#param-study_time_ms').fill('4'); // seconds
      await p.locator('#param-max_turns').fill('3');
    });
    const { page, frames } = table;

    const layout = new Map<string, string>();
    const keys: string[] = [];
    const typeCell = async (cell: string) => {
      await page.keyboard.press(cell[0].toLowerCase());
      await page.keyboard.press(cell[1]);
      keys.push(cell.toLowerCase());
    };
    const press = async (k: string) => {
      await page.keyboard.press(k);
      keys.push(k);
    };
    let triedWrong = -1;
    let shot = false;
    const end = Date.now() + 150000;
    while ((await page.locator('.result').count()) === 0) {
      if (Date.now() > end) throw new Error(`Baba Yaga: no result in time; keys ${keys.join(' ')}`);
      const st = table.latest;
      if (!st) {
        await page.waitForTimeout(100);
        continue;
      }
      const v = st.view;
      const legal: string[] = st.legal;
      if (v.phase === 'study' && layout.size === 0) for (const t of v.forest) layout.set(t.cell, t.ingredient);
      for (const e of st.events)
        if (e.kind === 'swapped') {
          const [x, y] = e.data.cells;
          const ix = layout.get(x)!;
          layout.set(x, layout.get(y)!);
          layout.set(y, ix);
        }
      const seq = st.seq;
      const card: string[] = v.card?.ingredients ?? [];
      const turnable = legal.filter((a) => a.startsWith('turn ')).map((a) => a.slice(5));
      const back = legal.find((a) => a.startsWith('back '));
      if (legal.includes('ready')) await press('Enter');
      else if (legal.some((a) => a.startsWith('place '))) await press('nesw'[Math.floor(Math.random() * 4)]);
      else if (legal.includes('move')) await press(' ');
      else if (back) {
        const cell = back.slice(5);
        const ing = layout.get(cell)!;
        if (!namesIngredient(await page.locator(`.by-tile[data-cell="${cell}"]`).innerText(), ing)) throw new Error(`${cell} is face up but does not show ${ing}`);
        await press('x');
        await page.locator(`.by-tile[data-cell="${cell}"].face-forest`).waitFor({ timeout: 5000 });
        // Requirement: a tile turned back leaves nothing of its ingredient in the page. A
        // face-down tile's label names the two ingredients of its forest face (public), so the
        // labels are left out here; screens.ts checks they name only that pair.
        const forest = await page.locator('.by-forest').evaluate((el) => {
          const c = el.cloneNode(true) as HTMLElement;
          c.querySelectorAll('.by-tile.face-forest').forEach((t) => (t.removeAttribute('aria-label'), t.removeAttribute('title')));
          return c.innerHTML;
        });
        const log = await page.locator('.log-lines').innerText();
        if (namesIngredient(forest, ing) || namesIngredient(log, ing)) throw new Error(`${ing} is still in the page after ${cell} was turned back`);
      } else if (turnable.length) {
        // The forest faces are read in the page's language (English here), each with its two
        // ingredients: the one the tile hides is one of them.
        const faces = await page.locator('.by-tile.face-forest[title]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-cell'), e.getAttribute('title')]));
        for (const [c, title] of faces)
          if (!/^[A-Z][a-z -]+: .+ or .+$/.test(title ?? '') || /Des |Un |Une /.test(title ?? '') || !namesIngredient(title ?? '', layout.get(c ?? '') ?? '?'))
            throw new Error(`${c}'s forest face reads "${title}"`);
        // A wrong tile first (to turn it back with x), then the wanted ones.
        const wrong = triedWrong !== v.turn ? turnable.find((c) => !card.includes(layout.get(c)!)) : undefined;
        const cell = wrong ?? turnable.find((c) => card.includes(layout.get(c)!));
        triedWrong = v.turn;
        if (cell) {
          await typeCell(cell);
          const t0 = Date.now();
          const up = () => table.latest.view.forest.find((x: any) => x.cell === cell)?.face === 'ingredient' || table.latest.view.phase !== 'race';
          while (!up() && Date.now() - t0 < 2000) await page.waitForTimeout(20);
          if (screens && !shot && !wrong && table.latest.view.phase === 'race') {
            shot = true;
            await page.locator(`.by-tile[data-cell="${cell}"].face-ingredient`).waitFor({ timeout: 2000 }).catch(() => {});
            await page.mouse.move(0, 0);
            await page.screenshot({ path: join(screens, 'baba-yaga-real-1280.png'), fullPage: true });
          }
          continue;
        }
      } else if (legal.some((a) => a.startsWith('target '))) await press(legal.find((a) => a.startsWith('target '))!.slice(7));
      else if (legal.includes('maison later')) await press('l');
      else if (legal.some((a) => a.startsWith('swap '))) {
        const [, x, y] = legal.find((a) => a.startsWith('swap '))!.split(' ');
        await typeCell(x);
        await typeCell(y);
      } else if (legal.some((a) => a.startsWith('maison '))) await typeCell(legal.find((a) => a.startsWith('maison '))!.slice(7));
      // The next state, or a little while.
      const t0 = Date.now();
      while (table.latest.seq === seq && Date.now() - t0 < 1500) await page.waitForTimeout(20);
    }
    const played = new Set(keys.map((k) => (/^[a-e][1-5]$/.test(k) ? 'tile' : k)));
    for (const k of ['Enter', 'tile', 'x', ' ']) if (!played.has(k)) throw new Error(`Baba Yaga: the key ${JSON.stringify(k)} was never used (${keys.join(' ')})`);
    const href = await page.locator('.result a[download]').getAttribute('href');
    const rec = await (await fetch(new URL(href!, server.url))).text();
    const file = join(mkdtempSync(join(tmpdir(), 'sabbat-by-')), 'record.jsonl');
    writeFileSync(file, rec);
    const full = execFileSync(bin, ['replay', '--states', file], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
    const checked = checkBabaYagaFrames(frames, full, 0);
    return { keys: keys.length, frames: checked };
  } finally {
    server.stop();
  }
}

const HALF: Record<string, (cell: string) => boolean> = {
  left: (c) => c[0] < 'C',
  right: (c) => c[0] > 'C',
  top: (c) => c[1] < '3',
  bottom: (c) => c[1] > '3',
};

// Every frame of `seat` against the full state after the same action: an ingredient only on a
// tile face up (or during the study) and the right one; no forest face under the Maison nor
// where a handicap hides it from the searcher; no card that lies unseen in a pile or the box.
function checkBabaYagaFrames(frames: Map<number, any>, full: any[], seat: number): number {
  let n = 0;
  for (const [seq, st] of frames) {
    if (seq === 0) continue; // the study: every ingredient face up for everyone
    const f = full[seq - 1];
    if (!f) throw new Error(`no full state for seq ${seq}`);
    const where = `seat ${seat}'s frame at seq ${seq}`;
    const truth = new Map<string, any>(f.forest.map((t: any) => [t.cell, t]));
    const searcherHandicapped = f.searcher === seat && f.phase !== 'over';
    for (const t of st.view.forest) {
      const real = truth.get(t.cell);
      if ('ingredient' in t || 'short' in t) {
        if (real.face !== 'ingredient') throw new Error(`${where} shows the face-down ${t.cell}`);
        if (t.ingredient && t.ingredient !== f.tiles[t.cell]) throw new Error(`${where}: ${t.cell} is ${f.tiles[t.cell]}, not ${t.ingredient}`);
      }
      if (t.hint) {
        if (real.maison === 'on') throw new Error(`${where}: the Maison covers ${t.cell}, yet its forest face shows`);
        if (searcherHandicapped && f.handicap.small) throw new Error(`${where}: Tout petit !, yet ${t.cell}'s forest face shows`);
        if (searcherHandicapped && f.handicap.blind && HALF[f.handicap.blind](t.cell)) throw new Error(`${where}: ${t.cell} is in the hidden half, yet its forest face shows`);
      }
    }
    const unseen = new Set<number>(f.box);
    for (const p of f.piles) p.pile.slice(0, p.pile.length - p.known).forEach((c: number) => unseen.add(c));
    const seen: number[] = [];
    const walk = (x: any) => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        if (typeof x.id === 'number' && Array.isArray(x.ingredients)) seen.push(x.id);
        Object.values(x).forEach(walk);
      }
    };
    walk(st.view);
    for (const e of st.events) if (typeof e.data?.card === 'number') seen.push(e.data.card);
    for (const c of seen) if (unseen.has(c)) throw new Error(`${where} shows card ${c}, unseen in a pile or the box`);
    n++;
  }
  return n;
}
