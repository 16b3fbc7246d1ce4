// The balance report page (dist/report.html) filled with e2e/fixtures/report-sample.json the way
// `sabbat report --out` fills it, opened from a file in a browser that has no network: every
// chart must be drawn as SVG, the tables must show the report's numbers, and the page must ask
// for nothing.
import type { Browser, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, num, numInterval, pct, pctInterval, points, pointsInterval, splitComponents } from '../report/format';
import type { Report } from '../report/types';

const MARKER = '<!--SABBAT-REPORT-DATA-->';

// What `sabbat report --out` does: the marker line becomes the data's script element, every `</`
// of the JSON written `<\/`.
export function fillReport(page: string, json: string): string {
  const parts = page.split(MARKER);
  if (parts.length !== 2) throw new Error(`report.html holds the marker ${parts.length - 1} times, not once`);
  return parts.join(`<script id="report-data" type="application/json">${json.split('</').join('<\\/')}</script>`);
}

async function cells(page: Page, selector: string): Promise<string[][]> {
  return page.locator(selector).evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

function same(what: string, shown: string[][], expected: string[][]) {
  const a = JSON.stringify(shown);
  const b = JSON.stringify(expected);
  if (a !== b) throw new Error(`${what}: shown ${a}, expected ${b}`);
}

// Each chart that must be drawn: its selector on the page and the SVG marks it must hold.
function expectedCharts(r: Report) {
  const out: { where: string; marks: string; least: number }[] = [];
  r.runs.forEach((run, i) => {
    out.push({ where: `#run-${i} [data-chart=seats]`, marks: '.mark-rect path', least: run.seats.length });
    out.push({ where: `#run-${i} [data-chart=scores]`, marks: '.mark-rect path', least: run.scores.length });
    out.push({ where: `#run-${i} [data-chart=lengths]`, marks: '.mark-rect path', least: run.lengths.bins.length });
    out.push({ where: `#run-${i} [data-chart=effects]`, marks: '.mark-symbol path', least: splitComponents(run).played.length });
  });
  (r.differences ?? []).forEach((d, i) => out.push({ where: `#compare .difference:nth-of-type(${i + 1}) [data-chart=difference]`, marks: '.mark-symbol path', least: d.seats.length }));
  // With several bots, their seats side by side: one chart per compared value (or one).
  if (r.bots.length > 1)
    (r.compare ? r.compare.values : ['']).forEach((_, i) => out.push({ where: `#bots > div:nth-of-type(${i + 1}) [data-chart=bots]`, marks: '.mark-rect path', least: r.bots.length * r.players }));
  return out;
}

// The sample report of the fixtures, or `json` when given (a real `sabbat report --json`).
export async function checkReport(browser: Browser, dist: string, fixtures: string, screens?: string, given?: string) {
  const json = given ?? readFileSync(join(fixtures, 'report-sample.json'), 'utf8');
  const r = JSON.parse(json) as Report;
  const html = fillReport(readFileSync(join(dist, 'report.html'), 'utf8'), json);
  const dir = mkdtempSync(join(tmpdir(), 'sabbat-report-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const asked: string[] = [];
  const errors: string[] = [];
  let charts = 0;
  try {
    for (const size of [
      { tag: '1280', width: 1280, height: 800 },
      { tag: '360', width: 360, height: 740 },
    ]) {
      const ctx = await browser.newContext({ offline: true, viewport: { width: size.width, height: size.height }, locale: 'en-GB' });
      // The page's own file is the one thing loaded; anything else is a failure.
      const self = pathToFileURL(file).href;
      await ctx.route('**/*', (route) => {
        if (route.request().url() === self) return route.continue();
        asked.push(route.request().url());
        return route.abort();
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('request', (q) => q.url() !== self && asked.push(q.url()));
      await page.goto(self);
      await page.waitForSelector('body[data-charts-drawn], body[data-error]', { timeout: 30_000 });
      const failed = await page.locator('body').getAttribute('data-error');
      if (failed) throw new Error(`the page failed: ${failed}`);

      for (const c of expectedCharts(r)) {
        const n = await page.locator(`${c.where}.vega-embed svg ${c.marks}`).count();
        if (n < c.least) throw new Error(`${c.where}: ${n} ${c.marks} drawn, expected at least ${c.least}`);
      }
      charts = Number(await page.locator('body').getAttribute('data-charts-drawn'));
      if (charts !== expectedCharts(r).length) throw new Error(`${charts} charts drawn, expected ${expectedCharts(r).length}`);
      if ((await page.locator('.vega-embed a, .vega-embed details').count()) !== 0) throw new Error('a chart offers actions or links');

      if ((await page.locator('h1').textContent()) !== `Balance report: ${r.game.name}`) throw new Error('the title does not name the game');
      if ((await page.locator('.command code').textContent()) !== r.command) throw new Error('the command is not shown as given');
      for (const [i, run] of r.runs.entries()) {
        same(
          `run ${i} seats`,
          await cells(page, `#run-${i} table.seats tbody tr`),
          run.seats.map((s) => [`Seat ${s.seat}`, count(s.wins), pct(s.win_rate), pctInterval(s.win_low, s.win_high), num(s.mean_score), numInterval(s.score_low, s.score_high)]),
        );
        const { played, never } = splitComponents(run);
        same(
          `run ${i} components`,
          (await cells(page, `#run-${i} table.components tbody tr`)).map((row) => [row[0], row[4], row[6], row[8], row[9], row[10]]),
          played.map((c) => [c.name, count(c.played_in), pct(c.win_played), pct(c.win_not), points(c.effect), pointsInterval(c.effect_low, c.effect_high)]),
        );
        const apart = (await page.locator(`#run-${i} .never`).textContent()) ?? '';
        for (const c of never) if (!apart.includes(c.name)) throw new Error(`run ${i}: ${c.name}, never played, is not listed apart`);
        const verdict = (await page.locator(`#run-${i} .verdict`).textContent()) ?? '';
        const p = run.equal_seats.p as number;
        if (!verdict.includes(p < 0.05 ? 'the seats differ' : 'no evidence that a seat is favoured')) throw new Error(`run ${i}: verdict "${verdict}" for p ${p}`);
      }
      for (const [i, d] of (r.differences ?? []).entries()) {
        same(
          `difference ${i}`,
          await cells(page, `#compare .difference:nth-of-type(${i + 1}) table.differences tbody tr`),
          d.seats.map((s) => [`Seat ${s.seat}`, points(s.diff), pointsInterval(s.low, s.high)]),
        );
      }
      // Nothing wider than a phone: the tables scroll inside their own box.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wide > 0) throw new Error(`at ${size.width} px the page is ${wide} px too wide`);

      if (screens) {
        mkdirSync(screens, { recursive: true });
        await page.screenshot({ path: join(screens, `report-${size.tag}.png`), fullPage: size.tag === '1280' });
      }
      await ctx.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (asked.length) throw new Error(`the report page asked for ${asked.join(', ')}`);
  if (errors.length) throw new Error(`errors in the report page: ${errors.join('; ')}`);
  return { charts, bytes: Buffer.byteLength(html) };
}
