// The balance report page: reads the report `sabbat report --out` wrote into #report-data and
// builds the page from it, the charts drawn by Vega-Lite as SVG. Nothing is fetched: the page is
// one file that opens offline.
import embed from 'vega-embed';
import type { TopLevelSpec } from 'vega-lite';
import { count, num, numInterval, paramList, pct, pctInterval, points, pointsInterval, saysHeld, seatSentence, splitComponents } from './format';
import { botsSpecs, differenceSpec, effectsSpec, lengthChange, lengthSummary, lengthsSpec, scoresSpec, seatSpec } from './specs';
import type { Report, Run } from './types';

type Child = Node | string | null | undefined | false;

function el(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

// Charts are drawn once the page is in place, so that each takes its container's width.
const charts: { host: HTMLElement; spec: TopLevelSpec }[] = [];

function chart(name: string, spec: TopLevelSpec): HTMLElement {
  const host = el('div', { class: 'chart', 'data-chart': name, role: 'img', 'aria-label': (spec as { description?: string }).description ?? name });
  charts.push({ host, spec });
  return host;
}

function table(cls: string, head: string[], rows: Child[][], textColumns = 1): HTMLElement {
  const th = (h: string, i: number) => el('th', i < textColumns ? { class: 'text', scope: 'col' } : { scope: 'col' }, h);
  return el(
    'div',
    { class: 'scroll' },
    el(
      'table',
      { class: cls },
      el('thead', {}, el('tr', {}, ...head.map(th))),
      el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c, i) => (c instanceof HTMLElement && c.tagName === 'TD' ? c : el('td', i < textColumns ? { class: 'text' } : {}, c)))))),
    ),
  );
}

// A cell coloured by the sign of an interval that excludes zero.
function signCell(text: string, low: number | null, high: number | null): HTMLElement {
  const cls = low !== null && low > 0 ? 'pos' : high !== null && high < 0 ? 'neg' : '';
  return el('td', cls ? { class: cls } : {}, text);
}

function header(r: Report): HTMLElement {
  const code = el('code', {}, r.command);
  const copy = el('button', { type: 'button', title: 'Copy the command' }, 'Copy') as HTMLButtonElement;
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(r.command);
    } catch {
      // Without the clipboard (some browsers refuse it to a file), the command is selected to copy by hand.
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
    copy.textContent = 'Copied';
    setTimeout(() => (copy.textContent = 'Copy'), 1500);
  });
  const fact = (k: string, v: string) => [el('dt', {}, k), el('dd', {}, v)];
  const facts = [
    ...fact('Seed', String(r.seed)),
    ...fact('Version', r.version),
    ...fact('Players', String(r.players)),
    ...fact('Games per run', count(r.games)),
    ...fact(r.bots.length === 1 ? 'Bot' : 'Bots', `${r.bots.join(', ')} (every seat played by the run's bot)`),
    ...fact('Parameters', paramList(r.params)),
  ];
  if (r.compare) facts.push(...fact('Compared', `${r.compare.param} = ${r.compare.values.join(' vs ')}`));
  return el(
    'header',
    {},
    el('h1', {}, `Balance report: ${r.game.name}`),
    el('p', { class: 'sub' }, `${r.runs.length} run${r.runs.length === 1 ? '' : 's'} of ${count(r.games)} games, the same seeds in every run.`),
    el('div', { class: 'command' }, el('pre', {}, code), copy),
    el('dl', { class: 'facts' }, ...facts),
    r.runs.length > 1 || r.differences?.length
      ? el(
          'nav',
          { class: 'runs', 'aria-label': 'Runs' },
          ...r.runs.map((run, i) => el('a', { href: `#run-${i}` }, run.label)),
          r.differences?.length ? el('a', { href: '#compare' }, 'Comparison') : null,
          r.bots.length > 1 ? el('a', { href: '#bots' }, 'Bots') : null,
        )
      : null,
  );
}

function runSection(r: Report, run: Run, i: number): HTMLElement {
  const p = run.equal_seats.p;
  const seats = table(
    'seats',
    ['Seat', 'Wins', 'Win rate', '95 % interval', 'Mean score', '95 % interval'],
    run.seats.map((s) => [`Seat ${s.seat}`, count(s.wins), pct(s.win_rate), pctInterval(s.win_low, s.win_high), num(s.mean_score), numInterval(s.score_low, s.score_high)]),
  );
  const { played, never } = splitComponents(run);
  const held = saysHeld(run);
  const components = table(
    'components',
    ['Component', 'Group', 'Held in (seat-games)', 'Win rate when held', 'Played in (seat-games)', 'Plays', 'Win rate when played', '95 % interval', 'Win rate when not played', 'Effect', '95 % interval'],
    played.map((c) => [
      c.name,
      el('td', { class: 'text' }, c.group),
      held ? count(c.held_in) : '—',
      held && c.win_held != null ? pct(c.win_held) : '—',
      count(c.played_in),
      count(c.plays),
      pct(c.win_played),
      pctInterval(c.win_played_low, c.win_played_high),
      pct(c.win_not),
      signCell(points(c.effect), c.effect_low, c.effect_high),
      pointsInterval(c.effect_low, c.effect_high),
    ]),
  );
  return el(
    'section',
    { class: 'run', id: `run-${i}` },
    el('h2', {}, run.label),
    el('p', { class: 'sub' }, `Bot ${run.bot} on every seat · ${paramList(run.params)} · ${count(run.games)} games`),
    el('h3', {}, 'Seat advantage'),
    el('p', { class: `verdict${p !== null && p < 0.05 ? ' differ' : ''}` }, seatSentence(run)),
    el('div', { class: 'pair table-first' }, el('div', {}, seats), el('div', {}, chart('seats', seatSpec(run, r.players)))),
    el('p', { class: 'note' }, `Bars: win rate of each seat (a shared first place counts as a fraction of a win); lines: 95 % intervals; dashed: the fair share, one win in ${r.players}.`),
    el(
      'div',
      { class: 'pair' },
      el('div', {}, el('h3', {}, 'Final scores'), chart('scores', scoresSpec(run)), el('p', { class: 'note' }, 'Every seat of every game, counted once.')),
      el('div', {}, el('h3', {}, 'Game length'), chart('lengths', lengthsSpec(run)), el('p', { class: 'note' }, lengthSummary(run))),
    ),
    el('h3', {}, 'Components'),
    run.components.length === 0
      ? el('p', { class: 'note' }, 'The game names no components to count.')
      : el(
          'div',
          {},
          el('p', { class: 'note' }, 'Effect: the win rate of the seats that played the component at least once, minus that of the seats that did not. It measures an association, not a cause: a seat that is already winning may play some components more.'),
          played.length ? chart('effects', effectsSpec(run)) : null,
          played.length ? components : null,
          !held ? el('p', { class: 'note' }, 'Held in: the game does not say which components a seat holds at the start.') : null,
          never.length ? el('p', { class: 'never' }, el('strong', {}, 'Never played in this run: '), never.map((c) => c.name).join(', '), '.') : null,
        ),
  );
}

function compareSection(r: Report): HTMLElement | null {
  if (!r.differences?.length) return null;
  return el(
    'section',
    { class: 'compare', id: 'compare' },
    el('h2', {}, `Comparison${r.compare ? `: ${r.compare.param}` : ''}`),
    el('p', { class: 'sub' }, 'The same seeds in both runs: each difference is the second run minus the first. An interval that does not contain zero is a change the games show.'),
    ...r.differences.map((d) =>
      el(
        'div',
        { class: 'difference' },
        el('h3', {}, `${d.b} minus ${d.a}`),
        el(
          'div',
          { class: 'pair table-first' },
          el(
            'div',
            {},
            table(
              'differences',
              ['Seat', 'Win rate change', '95 % interval'],
              d.seats.map((s) => [`Seat ${s.seat}`, signCell(points(s.diff), s.low, s.high), pointsInterval(s.low, s.high)]),
            ),
            el('p', { class: 'note' }, lengthChange(d)),
          ),
          el('div', {}, chart('difference', differenceSpec(d))),
        ),
      ),
    ),
  );
}

function botsSection(r: Report): HTMLElement | null {
  const specs = botsSpecs(r);
  if (!specs.length) return null;
  return el(
    'section',
    { class: 'compare', id: 'bots' },
    el('h2', {}, 'Seat win rates per bot'),
    ...specs.map((s) => el('div', {}, s.title ? el('h3', {}, s.title) : null, chart('bots', s.spec))),
  );
}

async function main() {
  const root = document.getElementById('report')!;
  const data = document.getElementById('report-data');
  if (!data) return;
  let r: Report;
  try {
    r = JSON.parse(data.textContent ?? '');
  } catch (e) {
    root.replaceChildren(el('p', { class: 'empty' }, `The report data cannot be read: ${(e as Error).message}`));
    return;
  }
  if (r.report !== 1) {
    root.replaceChildren(el('p', { class: 'empty' }, `This page reads report format 1, not ${r.report}.`));
    return;
  }
  document.title = `Balance report: ${r.game.name}`;
  root.replaceChildren(header(r), ...r.runs.map((run, i) => runSection(r, run, i)), compareSection(r) ?? '', botsSection(r) ?? '');
  await Promise.all(charts.map(({ host, spec }) => embed(host, spec, { renderer: 'svg', actions: false }).then(() => host.setAttribute('data-drawn', ''))));
  document.body.setAttribute('data-charts-drawn', String(charts.length));
}

main().catch((e) => {
  document.body.setAttribute('data-error', String(e));
  console.error(e);
});
