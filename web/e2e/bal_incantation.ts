// Requirement (Le Bal des Sorcières' incantation mode in the browser): at a table created with
// the mode on, a move that lays cards down asks for its formulas before anything is sent; a
// reading typed right (in other capitals and spacing) is played, a reading typed wrong is a slip
// that cancels the move, and the log says so in the page's words. The person plays with the
// mouse and the keyboard only, against three bots.
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import { openBotTable } from './bot_table';
import { startServer } from './real';

const pickOne = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)];

const kindsOf = (frame: any): string[] => (frame?.events ?? []).map((e: any) => String(e.kind));

// The kinds of the events that tell what seat 0's move after `seq` did. A reaction window's
// answer is secret until the window closes, and only then played or thrown: for one, the
// events up to the close. A slipped answer is a pass: a window nobody else answered then closes
// with her "mispronounced" line alone (no "window-closed", which tells only a card played).
async function kindsAfter(page: Page, frames: Map<number, any>, seq: number): Promise<string[]> {
  const kinds = kindsOf(frames.get(seq + 1));
  if (!kinds.includes('window-answer')) return kinds;
  const t0 = Date.now();
  for (let s = seq + 2; !kinds.includes('window-closed') && !kinds.includes('mispronounced'); ) {
    if (frames.has(s)) {
      kinds.push(...kindsOf(frames.get(s)));
      s += 1;
      continue;
    }
    if (Date.now() - t0 > 20000) throw new Error(`the window answered after seq ${seq} never closed: ${JSON.stringify(kinds)}`);
    await page.waitForTimeout(20);
  }
  return kinds;
}

async function waitForNext(page: Page, frames: Map<number, any>, seq: number) {
  const t0 = Date.now();
  while (!frames.has(seq + 1)) {
    if (Date.now() - t0 > 5000) throw new Error(`no state after seq ${seq}; the page says: ${await page.locator('.refusal, .problem').allInnerTexts()}`);
    await page.waitForTimeout(20);
  }
}

export async function readBal(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  try {
    const table = await openBotTable(browser, server.url, 'Le Bal des Sorcières', '.bal', (p) => p.locator('#param-incantation').check(), 'en-GB');
    const { page, frames } = table;

    let right = '';
    let slip = '';
    let shot = false;
    const end = Date.now() + 120000;
    while (!right || !slip) {
      if (Date.now() > end) throw new Error(`incantation: no ${right ? 'slip' : 'right reading'} typed in time`);
      if ((await page.locator('.result').count()) > 0) throw new Error('incantation: the game ended before a right reading and a slip were typed');
      const st = table.latest;
      const legal: string[] = st?.legal ?? [];
      if (!st || legal.length === 0 || st.seq !== Number(await page.locator('.bal').getAttribute('data-seq'))) {
        await page.waitForTimeout(50);
        continue;
      }
      const seq = st.seq;
      const form = page.locator('.bal-incantation');
      if ((await form.count()) > 0) {
        const move = (await form.getAttribute('data-move'))!;
        const readings = legal.filter((a) => a.startsWith(`${move} : `) && !a.endsWith(' : ?')).map((a) => a.slice(move.length + 3));
        if (readings.length === 0) throw new Error(`the form asks formulas for ${move}, which the legal list does not read aloud`);
        // Every formula shown is one of the cards a right reading uses.
        const shown = await form.locator('.bal-formula').allInnerTexts();
        const used = new Set(readings.flatMap((r) => r.split('; ')));
        if (shown.length === 0 || shown.some((f) => !used.has(f))) throw new Error(`formulas shown ${JSON.stringify(shown)}, readings ${JSON.stringify(readings)}`);
        const input = form.locator('input');
        if (!right) {
          // Capitals and spacing of one's own: still a right reading.
          const text = pickOne(readings).toUpperCase().replace(/ /g, '  ');
          await input.fill(text);
          if (screens && !shot) {
            shot = true;
            await page.mouse.move(0, 0);
            await page.screenshot({ path: join(screens, 'bal-incantation-1280.png'), fullPage: true });
          }
          await input.press('Enter');
          await waitForNext(page, frames, seq);
          const kinds = await kindsAfter(page, frames, seq);
          // An answer beaten by an earlier one in the order stays in her hand, spoken right.
          if (kinds.includes('mispronounced') || !(kinds.includes('played') || kinds.includes('window-answer-void'))) throw new Error(`the right reading "${text}" of ${move} gave ${JSON.stringify(kinds)}`);
          right = `${move} : ${text}`;
        } else {
          // An accent missing from each formula: a slip.
          const count = readings[0].split('; ').length;
          const text = Array.from({ length: count }, () => 'Queue de lezard').join('; ');
          await input.fill(text);
          await page.locator('.bal-incantation button[type=submit]').click();
          await waitForNext(page, frames, seq);
          const kinds = await kindsAfter(page, frames, seq);
          if (!kinds.includes('mispronounced')) throw new Error(`the slip "${text}" of ${move} gave ${JSON.stringify(kinds)}`);
          slip = `${move} : ${text}`;
        }
      } else if (st.view.phase === 'attack' && (await page.locator('.bal-composer').count()) > 0) {
        await pickOne(await page.locator('.bal-option[data-part=potions]').all()).click();
        if ((await page.locator('.bal-option[data-part=target][aria-pressed=true]').count()) === 0) await pickOne(await page.locator('.bal-option[data-part=target]').all()).click();
        await page.locator('.bal-go').click();
        await form.waitFor({ timeout: 3000 });
        continue;
      } else {
        // A move read aloud when there is one (parry, Du balai, a window's card), else any.
        const moves = await page.locator('.bal button.move[data-action]:not([disabled])').all();
        if (moves.length === 0) throw new Error(`no move shown for ${JSON.stringify(legal)}`);
        const actions = await Promise.all(moves.map((b) => b.getAttribute('data-action')));
        const spoken = moves.filter((_, i) => legal.some((a) => a.startsWith(`${actions[i]} : `)));
        const plain = moves.filter((_, i) => legal.includes(actions[i]!));
        if (spoken.length + plain.length !== moves.length) throw new Error(`a button sends none of ${JSON.stringify(legal)}: ${JSON.stringify(actions)}`);
        await pickOne(spoken.length ? spoken : plain).click();
        if (spoken.length) {
          await form.waitFor({ timeout: 3000 });
          continue;
        }
      }
      const t0 = Date.now();
      while (table.latest.seq === seq && Date.now() - t0 < 3000) await page.waitForTimeout(20);
    }
    // The slip is told in the page's words.
    await page.locator('.log-lines li', { hasText: 'mispronounces a formula' }).first().waitFor({ timeout: 5000 });
    const raw = (await page.locator('.log-lines li').allInnerTexts()).filter((l) => /\bSeat \d/.test(l));
    if (raw.length) throw new Error(`log lines left in the server's words: ${raw.slice(0, 3).join(' | ')}`);
    return { right, slip };
  } finally {
    server.stop();
  }
}
