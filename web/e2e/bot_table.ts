// One person's page at a table whose every other seat is a bot: the lobby's form filled (her
// name, then the game's own settings; every other seat is the game's default bot unless
// changed), the board
// waited for, and every state frame the page receives kept by its seq, to be checked later
// against what the seat may see.
import type { Browser, Page } from 'playwright-core';
import { onReceived } from './received';

export interface BotTable {
  page: Page;
  frames: Map<number, any>;
  latest: any; // the newest state frame received
  refused: any[]; // every "refused" message, in order
}

export async function openBotTable(
  browser: Browser,
  url: string,
  game: string,
  board: string,
  settings: (page: Page) => Promise<void> = async () => {},
  locale?: string,
): Promise<BotTable> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, ...(locale ? { locale } : {}) })).newPage();
  const table: BotTable = { page, frames: new Map<number, any>(), latest: null, refused: [] };
  page.on('websocket', (ws) =>
    onReceived(ws, (m) => {
      if (m.type === 'refused') table.refused.push(m);
      if (m.type !== 'state') return;
      table.frames.set(m.seq, m);
      if (!table.latest || m.seq >= table.latest.seq) table.latest = m;
    }),
  );
  await page.goto(url + '/');
  await page.locator('li.game', { hasText: game }).getByRole('button').click();
  await page.locator('form.create input').first().fill('Morgane');
  await settings(page);
  await page.locator('form.create button[type=submit]').click();
  await boardAfterReady(page, board);
  return table;
}

// The board, once the person has said she is ready where the game asks it (a real-time game's
// ready step, docs/protocol.md): a tap on a phone, a click elsewhere.
export async function boardAfterReady(page: Page, board: string, tap = false): Promise<void> {
  const ready = page.locator('.ready-button');
  await page.locator(`${board}, .ready-button`).first().waitFor({ timeout: 15000 });
  if (await ready.isVisible()) await (tap ? ready.tap() : ready.click());
  await page.locator(board).waitFor({ timeout: 15000 });
}
