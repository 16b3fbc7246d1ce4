// The table's chat in the page (docs/protocol.md, "Chat"): a hostile text (markup, a script,
// bidi overrides) shows as plain text and runs nothing; a text typed and a reaction clicked
// are sent as `chat`; on a 360×740 phone the chat stays closed behind a button with an unread
// count, and the board starts within the screen.
// The WebSocket is answered here, so this runs without a sabbat server.
import type { Browser } from 'playwright-core';
import { games, scenes, status } from './fixtures';
import { serveDist } from './static_server';
import { mockConnection } from './schemas';

const CODE = 'k3v9q2xw7m4pd8ht';
const TOKEN = '0123456789abcdef0123456789abcdef';

// What a hostile writer might send; the server cleans control and bidi characters, but markup
// is ordinary text to it: the page must show it as written.
export const HOSTILE = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=2</script>', '"><b>bold</b> & ‮evil'];

export async function checkChat(browser: Browser, dist: string, fixtures: string, screens?: string): Promise<{ hostile: number }> {
  const playing: any = { ...status('sortileges', 'playing'), chat: { spectators_write: false, muted: [] } };
  const { url, server } = await serveDist(dist, { '/api/games': games, [`/api/tables/${CODE}`]: playing });
  const scene = scenes(fixtures)[0];
  try {
    for (const size of [
      { width: 360, height: 740, name: 'phone' },
      { width: 1280, height: 800, name: 'laptop' },
    ]) {
      const sent: any[] = [];
      const ctx = await browser.newContext({ viewport: { width: size.width, height: size.height }, locale: 'en-US' });
      await ctx.addInitScript(([code, token]) => localStorage.setItem(`sabbat.seat.${code}`, JSON.stringify({ seat: 0, token })), [CODE, TOKEN]);
      const page = await ctx.newPage();
      let next = 10;
      await page.routeWebSocket(/\/ws(\?table=[^&]*)?$/, (ws) => {
        const mock = mockConnection('chat');
        ws.send(mock.send({ type: 'welcome', protocol: 1, server: 'fixture', server_time: 0 }));
        ws.onMessage((raw) => {
          const m = mock.got(raw);
          if (m.type === 'rejoin') {
            ws.send(mock.send({ type: 'joined', table: CODE, seat: 0, token: TOKEN, protocol: 1 }));
            ws.send(mock.send({ type: 'table', status: playing, you: 0 }));
            ws.send(mock.send({ ...scene.state, snapshot: true }));
            const entries = HOSTILE.map((text, i) => ({ id: i + 1, seat: 2, name: '<i>Baba</i>', at: 1765080000000 + i, text }));
            ws.send(mock.send({ type: 'chat', recent: true, part: 1, parts: 1, entries }));
          } else if (m.type === 'chat') {
            sent.push(m);
            const entry = m.text !== undefined ? { text: m.text } : { reaction: m.reaction };
            ws.send(mock.send({ type: 'chat', recent: false, entries: [{ id: next++, seat: 0, name: 'Morgane', at: 1765080001000, ...entry }] }));
          }
        });
      });
      await page.goto(`${url}/t/${CODE}`);
      await page.locator('.sortileges').waitFor();
      const chat = page.locator('section.chat');
      await chat.waitFor();
      if (size.name === 'phone') {
        // Closed, with the count of what came; the board begins within the screen.
        const toggle = chat.locator('.chat-toggle');
        const label = await toggle.textContent();
        if (!label?.includes(`${HOSTILE.length} new`)) throw new Error(`the closed chat's button: ${label}`);
        if (await chat.locator('.chat-lines').count()) throw new Error('the chat is open on a phone before it is asked for');
        const board = await page.locator('.sortileges').boundingBox();
        if (!board || board.y > size.height / 2) throw new Error(`the board starts at ${board?.y} px on a ${size.height} px phone`);
        if (screens) await page.screenshot({ path: `${screens}/chat-closed-${size.name}.png` });
        await toggle.click();
      }
      await chat.locator('.chat-text').nth(HOSTILE.length - 1).waitFor();
      const texts = await chat.locator('.chat-text').allTextContents();
      if (JSON.stringify(texts) !== JSON.stringify(HOSTILE)) throw new Error(`the texts as shown: ${JSON.stringify(texts)}`);
      const who = await chat.locator('.chat-who').first().textContent();
      if (who !== '<i>Baba</i>') throw new Error(`the name as shown: ${who}`);
      if (await chat.locator('.chat-lines img, .chat-lines script, .chat-text *, .chat-who *').count()) throw new Error('markup of a chat text became elements');
      if (await page.evaluate(() => (window as any).__pwned)) throw new Error('a chat text ran a script');
      await chat.locator('.chat-form input').fill('bonsoir <3');
      await chat.locator('.chat-form button[type=submit]').click();
      await chat.getByRole('button', { name: 'React with 🧹' }).click();
      await chat.locator('.chat-reaction').waitFor();
      if (JSON.stringify(sent) !== JSON.stringify([{ type: 'chat', text: 'bonsoir <3', protocol: 1 }, { type: 'chat', reaction: '🧹', protocol: 1 }])) throw new Error(`sent: ${JSON.stringify(sent)}`);
      if (screens) await chat.screenshot({ path: `${screens}/chat-${size.name}.png` });
      if (screens) await page.screenshot({ path: `${screens}/chat-page-${size.name}.png`, fullPage: true });
      await ctx.close();
    }
  } finally {
    server.close();
  }
  return { hostile: HOSTILE.length };
}
