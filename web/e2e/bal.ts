// Requirement (Le Bal des Sorcières in the browser): one person plays a whole game against three
// bots by clicking the board's controls only (an attack composed from its potions, spell and
// witch; parry, Du balai, take; throw and keep; drop), the final scores shown equal the record's,
// every log line is told by the page (none left in the server's words), and no frame the page
// received holds what seat 0 may not see: after the game, every frame is checked against the full
// states `sabbat replay --states` rebuilds from the record. A reaction window asks her only when
// she holds a card she may play in it; with "let every window pass" ticked the page answers for
// her, until she unticks it.
import type { Browser, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBotTable } from './bot_table';
import { startServer } from './real';

const pickOne = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

async function shoot(page: Page, screens: string | undefined, name: string, done: Set<string>) {
  if (!screens || done.has(name)) return;
  done.add(name);
  if ((await page.locator('html').getAttribute('lang')) === 'fr') name += '-fr';
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screens, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: join(screens, `${name}-360.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

export async function playBal(browser: Browser, bin: string, dist: string, screens?: string, lang: 'en' | 'fr' = 'en') {
  const server = await startServer(bin, dist);
  try {
    const table = await openBotTable(browser, server.url, 'Le Bal des Sorcières', '.bal', (p) => p.locator('#param-level').selectOption('hard').then(() => {}), lang === 'fr' ? 'fr-FR' : 'en-GB');
    const { page, frames } = table;

    const shots = new Set<string>();
    const clicked = new Map<string, number>();
    const count = (k: string) => clicked.set(k, (clicked.get(k) ?? 0) + 1);
    // "Let every window pass": ticked at the first window that asks her, unticked after the
    // page has passed twice for her.
    let letPass: 'off' | 'on' | 'done' = 'off';
    let passedForHer = 0;
    const end = Date.now() + 360000;
    while ((await page.locator('.result').count()) === 0) {
      if (Date.now() > end) throw new Error(`Bal: no result in time; clicked ${JSON.stringify([...clicked])}`);
      const st = table.latest;
      const legal: string[] = st?.legal ?? [];
      if (!st || legal.length === 0 || st.seq !== Number(await page.locator('.bal').getAttribute('data-seq'))) {
        await page.waitForTimeout(50);
        continue;
      }
      const seq = st.seq;
      const phase = st.view.phase;
      const moves = page.locator('.bal button.move[data-action]:not([disabled])');
      // The rule where it bites: a window that asks her says what it is above the table; the
      // second Tour de Table says why it began; the last attack's why is in the page's words.
      if (phase === 'window' && !(await page.locator('.bal-moment').innerText()).includes(lang === 'fr' ? 'fenêtre de réaction' : 'reaction window')) throw new Error('a reaction window without its explanation');
      if (st.view.tour === 2 && (await page.locator('.bal-moment').count()) > 0) await shoot(page, screens, 'bal-tour', shots);
      const why = await page.locator('.bal-attack .why').allInnerTexts();
      if (why.some((w) => /\bSeat \d/.test(w))) throw new Error(`a why in the server's words: ${why.join(' | ')}`);
      if (why.length) await shoot(page, screens, 'bal-why', shots);
      if (phase === 'window' && letPass !== 'done') {
        if (letPass === 'off') {
          await page.locator('.bal-let-pass input').check({ timeout: 5000 });
          letPass = 'on';
        }
        // The page answers by itself: her own pass, told to her alone.
        const t0 = Date.now();
        while (!frames.has(seq + 1)) {
          if (Date.now() - t0 > 5000) throw new Error(`let every window pass: the page did not pass at seq ${seq}`);
          await page.waitForTimeout(20);
        }
        const kinds = (frames.get(seq + 1).events ?? []).map((e: any) => e.kind);
        if (!kinds.includes('window-pass')) throw new Error(`let every window pass: the page answered ${JSON.stringify(kinds)}`);
        passedForHer++;
        // Her answer given once: the page never sends a second pass to the same window.
        await page.waitForTimeout(300);
        if (table.refused.length) throw new Error(`let every window pass: refused ${JSON.stringify(table.refused)}`);
        if (passedForHer === 2) {
          // Under the table while it is on (unless the game just ended).
          // (Unticked, it leaves: the next window that asks her shows it again.)
          if ((await page.locator('.result').count()) === 0) {
            await page.locator('.bal-let-pass input').click({ timeout: 5000 });
            await page.locator('.bal-let-pass').waitFor({ state: 'detached', timeout: 5000 });
          }
          letPass = 'done';
        }
        continue;
      }
      if (phase === 'attack' && (await page.locator('.bal-composer').count()) > 0) {
        // Compose the attack: potions, sometimes a spell, a witch; the button must then hold a
        // legal text, and only then is it clicked.
        // Every part of every legal attack is offered, and nothing else.
        // (A busy machine's page may draw the state a moment before its options: waited for
        // while the state stands.)
        for (const [part, re] of [['potions', /^attack \S+ with (\d \w+)/], ['spell', /^attack \S+ with \d \w+ \+ (.+)$/], ['target', /^attack (\S+)/]] as const) {
          const wanted = new Set(legal.filter((a) => a.startsWith('attack ')).map((a) => re.exec(a)?.[1] ?? ''));
          if (part === 'spell' && wanted.size === 1) continue; // no spell to choose: the part is not shown
          const offered = async () => new Set(await page.locator(`.bal-option[data-part=${part}]`).evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.value ?? '')));
          let seen = await offered();
          for (const t0 = Date.now(); [...wanted].sort().join() !== [...seen].sort().join() && table.latest.seq === seq && Date.now() - t0 < 5000; seen = await offered()) await page.waitForTimeout(50);
          if ([...wanted].sort().join() !== [...seen].sort().join()) throw new Error(`${part}: offered ${[...seen]}, legal ${[...wanted]}`);
        }
        const go = page.locator('.bal-go');
        if ((await go.getAttribute('data-action')) !== null) throw new Error('the attack button is ready before anything is chosen');
        await pickOne(await page.locator('.bal-option[data-part=potions]').all()).click();
        const spells = await page.locator('.bal-option[data-part=spell]').all();
        if (spells.length > 1 && Math.random() < 0.5) await pickOne(spells.slice(1)).click();
        const pressed = await page.locator('.bal-option[data-part=target][aria-pressed=true]').count();
        if (pressed === 0) await pickOne(await page.locator('.bal-option[data-part=target]').all()).click();
        // A witch no attack with those potions may reach takes the potions back out (the
        // composer keeps only what some legal attack holds): like a person, she picks again
        // whatever part is now empty.
        for (let tries = 0; tries < 8 && (await go.getAttribute('data-action')) === null; ++tries)
          for (const part of ['potions', 'target'])
            if ((await page.locator(`.bal-option[data-part=${part}][aria-pressed=true]`).count()) === 0) await pickOne(await page.locator(`.bal-option[data-part=${part}]`).all()).click();
        const action = await go.getAttribute('data-action');
        if (!action || !legal.includes(action)) throw new Error(`the attack button holds ${action}, not a legal action`);
        await shoot(page, screens, 'bal-attack', shots);
        await go.click();
        count(action.includes(' + ') ? 'attack + spell' : 'attack');
      } else {
        // The buttons of a state may come a moment after its seq (a busy machine's page, an
        // answer to her last click still on its way): waited for while the state stands.
        let all = await moves.all();
        for (const t0 = Date.now(); all.length === 0 && table.latest.seq === seq && Date.now() - t0 < 5000; all = await moves.all()) await page.waitForTimeout(50);
        if (all.length === 0 && table.latest.seq !== seq) continue;
        if (all.length === 0) throw new Error(`no move shown for ${JSON.stringify(legal)}`);
        const actions = await Promise.all(all.map((b) => b.getAttribute('data-action')));
        for (const a of actions) if (!legal.includes(a!)) throw new Error(`a button sends ${a}, not in ${JSON.stringify(legal)}`);
        for (const a of legal) if (!actions.includes(a)) throw new Error(`the legal action ${a} has no button`);
        if (phase === 'parry') await shoot(page, screens, (st.view.farce_tokens ?? []).length ? 'bal-farce' : 'bal-parry', shots);
        if (phase === 'remake' || phase === 'inherit') await shoot(page, screens, `bal-${phase}`, shots);
        if (phase === 'window') await shoot(page, screens, 'bal-window', shots);
        // Parry when possible, else any move; keep after one throw.
        let i = actions.findIndex((a) => a === 'parry');
        if (i < 0 && phase === 'remake') i = actions.findIndex((a) => (clicked.get('throw') ?? 0) % 2 === 1 ? a === 'keep' : a!.startsWith('throw '));
        if (i < 0) i = Math.floor(Math.random() * all.length);
        await all[i].click();
        count(actions[i]!.split(' ')[0]);
      }
      const t0 = Date.now();
      while (table.latest.seq === seq && Date.now() - t0 < 3000) await page.waitForTimeout(20);
    }
    await page.locator('.result .breakdown').waitFor();
    await shoot(page, screens, 'bal-over', shots);
    const shown = await page.locator('.result tr[data-seat]').evaluateAll((rows) =>
      rows.map((r) => [Number((r as HTMLElement).dataset.seat), Number(r.querySelector('.score-value')!.textContent)] as [number, number]).sort((a, b) => a[0] - b[0]).map((x) => x[1]),
    );
    const href = await page.locator('.result a[download]').getAttribute('href');
    const rec = await (await fetch(new URL(href!, server.url))).text();
    const record: number[] = JSON.parse(rec.trim().split('\n').pop()!).result.scores;
    if (JSON.stringify(shown) !== JSON.stringify(record)) throw new Error(`scores shown ${JSON.stringify(shown)} differ from the record ${JSON.stringify(record)}`);
    // Every line of the log in the page's words: the server's own name the witches "Seat N",
    // the page by the players' names.
    const lines = await page.locator('.log-lines li').allInnerTexts();
    const raw = lines.filter((l) => /\bSeat \d/.test(l));
    if (raw.length) throw new Error(`log lines left in the server's words: ${raw.slice(0, 3).join(' | ')}`);
    // The rules beside the table, in English when the page's language has none yet.
    await page.locator('.rules-toggle').click();
    await page.locator('.rules-text h1', { hasText: 'Bal des Sorcières' }).waitFor({ timeout: 5000 });
    const file = join(mkdtempSync(join(tmpdir(), 'sabbat-bal-')), 'record.jsonl');
    writeFileSync(file, rec);
    const full = execFileSync(bin, ['replay', '--states', file], { encoding: 'utf8', maxBuffer: 1 << 30 }).trim().split('\n').map((l) => JSON.parse(l));
    const actions = rec.trim().split('\n').slice(1).map((l) => JSON.parse(l)).filter((l) => 'seq' in l);
    const checked = checkBalFrames(frames, full, 0, toldTo(actions, full, 0));
    // A window asks her only when she holds a card she may play in it: never a lone "pass".
    let asked = 0;
    for (const [seq, f] of frames) {
      if (f.view?.phase !== 'window' || !(f.legal ?? []).length) continue;
      asked++;
      if (!f.legal.some((a: string) => a !== 'pass')) throw new Error(`a window asked her at seq ${seq} with nothing to play: ${JSON.stringify(f.legal)}`);
    }
    return { clicked: Object.fromEntries(clicked), frames: checked, lines: lines.length, asked, passedForHer };
  } finally {
    server.stop();
  }
}

const ids = (cards: any[]) => cards.map((c) => c.id).sort((a, b) => a - b);

// Each frame of `seat` against the full state after the same action: her own hand is hers,
// nobody else's hand is in it, another witch's cards "known" are truly in her hand, and the
// pile's order and the box are nowhere.
// The record's actions (their indices) told to `seat`, in order: a receiver's seq counts only
// these. Another witch's answer to a reaction window is secret while the window stays open
// (docs/protocol.md, seq); the one that closes it is told to all.
function toldTo(actions: any[], full: any[], seat: number): number[] {
  const told: number[] = [];
  actions.forEach((a, i) => {
    const answer = /^(pass|nananere|miroir|boule)\b/.test(a.action);
    const inWindow = (i === 0 || full[i - 1].phase === 'window') && full[i].phase === 'window';
    if (!(typeof a.seat === 'number' && a.seat !== seat && answer && inWindow)) told.push(i);
  });
  return told;
}

function checkBalFrames(frames: Map<number, any>, full: any[], seat: number, told: number[]): number {
  let n = 0;
  for (const [seq, st] of frames) {
    if (seq === 0) continue;
    const f = full[told[seq - 1]];
    if (!f) throw new Error(`no full state for seq ${seq}`);
    const where = `seat ${seat}'s frame at seq ${seq}`;
    const v = st.view;
    if ('pile_cards' in v || 'box' in v) throw new Error(`${where} holds the pile's cards or the box`);
    for (const w of v.witches) {
      const truth = f.witches[w.seat];
      if (w.hand_size !== truth.hand.length) throw new Error(`${where}: seat ${w.seat} holds ${truth.hand.length} cards, not ${w.hand_size}`);
      if (w.seat === seat) {
        if (JSON.stringify(ids(w.hand ?? [])) !== JSON.stringify(ids(truth.hand))) throw new Error(`${where}: her own hand differs from the full state`);
      } else {
        if ('hand' in w) throw new Error(`${where} shows the hand of seat ${w.seat}`);
        const held = new Set(ids(truth.hand));
        for (const c of w.known) if (!held.has(c.id)) throw new Error(`${where}: card ${c.id} is shown as known in seat ${w.seat}'s hand, which does not hold it`);
      }
    }
    n++;
  }
  return n;
}
