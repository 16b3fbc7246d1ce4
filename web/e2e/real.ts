// Requirement (issue 10, e2e 1): four browser contexts create and join one Sortilèges table
// through the invite link, play the whole game by clicking the moves the server offers, and the
// final scores shown equal the record's result line.
import type { Browser, Page } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function startServer(bin: string, dist: string): Promise<{ url: string; stop: () => void }> {
  const data = mkdtempSync(join(tmpdir(), 'sabbat-e2e-'));
  // In a fresh directory, so that whatever the server stores stays out of the repository.
  const child = spawn(bin, ['serve', '--port', '0', '--web', dist], { cwd: data, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`sabbat serve printed no URL: ${seen}`)), 20000);
    const look = (b: Buffer) => {
      seen += b.toString();
      const m = /http:\/\/[^\s/]+:\d+/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], stop: () => child.kill('SIGTERM') });
      }
    };
    child.stdout.on('data', look);
    child.stderr.on('data', look);
    child.on('exit', (code) => reject(new Error(`sabbat serve exited (${code}): ${seen}`)));
  });
}

async function clickOneMove(page: Page): Promise<boolean> {
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

export async function playSortileges(browser: Browser, bin: string, dist: string, screens?: string) {
  const server = await startServer(bin, dist);
  const pages: Page[] = [];
  try {
    for (let i = 0; i < 4; ++i) pages.push(await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage());
    const [host, ...guests] = pages;
    await host.goto(server.url + '/');
    await host.getByRole('heading', { level: 2, name: 'Sortilèges' }).waitFor();
    await host.locator('li.game', { hasText: 'Sortilèges' }).getByRole('button').click();
    await host.locator('form.create input').first().fill('Morgane');
    await host.locator('form.create button[type=submit]').click();
    const invite = await host.locator('#invite-link').inputValue({ timeout: 10000 });
    if (!/\/t\/[A-Za-z0-9_-]+$/.test(invite)) throw new Error(`no invite link: ${invite}`);
    const names = ['Circé', 'Baba', 'Hécate'];
    for (const [i, g] of guests.entries()) {
      await g.goto(invite);
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
    for (const p of pages) await p.locator('.result').waitFor({ timeout: 10000 });
    const shown = await host.locator('.result tr[data-seat]').evaluateAll((rows) =>
      rows.map((r) => [Number((r as HTMLElement).dataset.seat), Number(r.querySelector('.score-value')!.textContent)] as [number, number]).sort((a, b) => a[0] - b[0]).map((x) => x[1]),
    );
    const href = await host.locator('.result a[download]').getAttribute('href');
    const rec = await (await fetch(new URL(href!, server.url))).text();
    const last = JSON.parse(rec.trim().split('\n').pop()!);
    const record: number[] = last.result.scores;
    if (JSON.stringify(shown) !== JSON.stringify(record)) throw new Error(`scores shown ${JSON.stringify(shown)} differ from the record ${JSON.stringify(record)}`);
    if (screens) await host.screenshot({ path: join(screens, 'sortileges-real-1280.png'), fullPage: true });
    return { actions, shown, record };
  } finally {
    server.stop();
  }
}
