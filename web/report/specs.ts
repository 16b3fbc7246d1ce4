// The Vega-Lite specifications of the report's charts, built from a run's numbers alone (pure:
// the page embeds them, the unit tests compile them).
import type { TopLevelSpec } from 'vega-lite';
import { pct, pctInterval, num, numInterval, points, pointsInterval } from './format';
import { splitComponents } from './format';
import type { Difference, Report, Run } from './types';

export const INK = '#3b2a52';
export const ACCENT = '#7b4fb0';
const MUTED = '#8a8296';
const BOT_COLORS = ['#7b4fb0', '#d08a2c', '#2f8f83', '#c2477a', '#4d74c4', '#6b8e23'];

// Shared look: system fonts, no frame, sizes that read on a phone.
const config = {
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  background: 'transparent',
  view: { stroke: null },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', labelColor: INK, titleColor: INK, gridColor: '#e6e1ee', domainColor: MUTED, tickColor: MUTED },
  legend: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal' },
} as const;

// As wide as its container, axes included.
function base(description: string) {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description,
    width: 'container' as const,
    autosize: { type: 'fit' as const, contains: 'padding' as const },
    config,
  };
}

// Each seat's win rate as a bar with its 95 % interval, and a dashed line at the fair share
// (one win in `players`), explained under the chart.
export function seatSpec(run: Run, players: number): TopLevelSpec {
  const values = run.seats.map((s) => ({
    seat: `Seat ${s.seat}`,
    win_rate: s.win_rate,
    win_low: s.win_low,
    win_high: s.win_high,
    rate: pct(s.win_rate),
    interval: pctInterval(s.win_low, s.win_high),
  }));
  const x = { field: 'seat', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } } as const;
  return {
    ...base(`Win rate of each seat, ${run.label}`),
    height: 220,
    data: { values },
    layer: [
      {
        mark: { type: 'bar', color: ACCENT, opacity: 0.85, cornerRadiusTopLeft: 2, cornerRadiusTopRight: 2 },
        encoding: {
          x,
          y: { field: 'win_rate', type: 'quantitative', title: 'Win rate', axis: { format: '.0%' } },
          tooltip: [
            { field: 'seat', title: 'Seat' },
            { field: 'rate', title: 'Win rate' },
            { field: 'interval', title: '95 % interval' },
          ],
        },
      },
      {
        mark: { type: 'errorbar', ticks: { size: 10 }, color: INK, thickness: 1.5 },
        encoding: { x, y: { field: 'win_low', type: 'quantitative', title: 'Win rate' }, y2: { field: 'win_high' } },
      },
      {
        data: { values: [{ fair: 1 / players }] },
        mark: { type: 'rule', strokeDash: [5, 4], color: MUTED },
        encoding: { y: { field: 'fair', type: 'quantitative' } },
      },
    ],
  } as TopLevelSpec;
}

// How many seat-games ended with each final score.
export function scoresSpec(run: Run): TopLevelSpec {
  const values = run.scores.map((s) => ({ from: s.score - 0.45, to: s.score + 0.45, score: s.score, count: s.count }));
  return {
    ...base(`Final scores, ${run.label}`),
    height: 200,
    data: { values },
    mark: { type: 'rect', color: ACCENT, opacity: 0.85 },
    encoding: {
      x: { field: 'from', type: 'quantitative', title: 'Final score', axis: { tickMinStep: 1, format: 'd' }, scale: { zero: false, nice: false } },
      x2: { field: 'to' },
      y: { field: 'count', type: 'quantitative', title: 'Seat-games' },
      tooltip: [
        { field: 'score', title: 'Score' },
        { field: 'count', title: 'Seat-games', format: ',' },
      ],
    },
  } as TopLevelSpec;
}

// The histogram of game lengths, each bin from its low to its high action (both inclusive).
export function lengthsSpec(run: Run): TopLevelSpec {
  const values = run.lengths.bins.map((b) => ({
    from: b.low - 0.5,
    to: b.high + 0.5,
    range: b.low === b.high ? `${b.low}` : `${b.low}–${b.high}`,
    count: b.count,
  }));
  return {
    ...base(`Game lengths, ${run.label}`),
    height: 200,
    data: { values },
    mark: { type: 'rect', color: '#2f8f83', opacity: 0.85, stroke: '#fff', strokeWidth: 0.5 },
    encoding: {
      x: { field: 'from', type: 'quantitative', title: 'Length (actions)', axis: { tickMinStep: 1, format: 'd' }, scale: { zero: false, nice: false } },
      x2: { field: 'to' },
      y: { field: 'count', type: 'quantitative', title: 'Games' },
      tooltip: [
        { field: 'range', title: 'Actions' },
        { field: 'count', title: 'Games', format: ',' },
      ],
    },
  } as TopLevelSpec;
}

// A dot and its interval per row, in percentage points, with a line at zero: the rows in the
// order given (the report's: biggest effect first).
function dotsSpec(
  description: string,
  rows: { name: string; value: number; low: number; high: number; tip: string; tipInterval: string }[],
  axisTitle: string,
): TopLevelSpec {
  const values = rows.map((r) => ({ ...r, value: r.value * 100, low: r.low * 100, high: r.high * 100 }));
  const y = { field: 'name', type: 'nominal', title: null, sort: null, axis: { labelLimit: 160 } } as const;
  const tooltip = [
    { field: 'name', title: 'What' },
    { field: 'tip', title: 'Effect' },
    { field: 'tipInterval', title: '95 % interval' },
  ];
  return {
    ...base(description),
    // A row of 26 px for each dot, and room for the axis.
    height: 26 * rows.length + 40,
    data: { values },
    layer: [
      { data: { values: [{ zero: 0 }] }, mark: { type: 'rule', color: MUTED, strokeDash: [4, 3] }, encoding: { x: { field: 'zero', type: 'quantitative' } } },
      {
        mark: { type: 'rule', color: INK, strokeWidth: 2 },
        encoding: { y, x: { field: 'low', type: 'quantitative', title: axisTitle }, x2: { field: 'high' }, tooltip },
      },
      {
        mark: { type: 'point', filled: true, size: 70, color: ACCENT, opacity: 1 },
        encoding: { y, x: { field: 'value', type: 'quantitative', title: axisTitle }, tooltip },
      },
    ],
  } as TopLevelSpec;
}

// The effect of playing each component on the win rate; components never played have no effect
// and are not drawn.
export function effectsSpec(run: Run): TopLevelSpec {
  const { played } = splitComponents(run);
  return dotsSpec(
    `Effect of playing each component on the win rate, ${run.label}`,
    played.map((c) => ({
      name: c.name,
      value: c.effect as number,
      low: c.effect_low as number,
      high: c.effect_high as number,
      tip: points(c.effect),
      tipInterval: pointsInterval(c.effect_low, c.effect_high),
    })),
    'Effect on the win rate (percentage points)',
  );
}

// Per seat, run b's win rate minus run a's.
export function differenceSpec(d: Difference): TopLevelSpec {
  return dotsSpec(
    `Win rate of each seat, ${d.b} minus ${d.a}`,
    d.seats.map((s) => ({ name: `Seat ${s.seat}`, value: s.diff, low: s.low, high: s.high, tip: points(s.diff), tipInterval: pointsInterval(s.low, s.high) })),
    'Change of win rate (percentage points)',
  );
}

// With several bots: each seat's win rate under each bot, side by side; one chart per compared
// value (a single chart without a comparison).
export function botsSpecs(report: Report): { title: string; spec: TopLevelSpec }[] {
  if (report.bots.length < 2) return [];
  const param = report.compare?.param;
  const groups = param ? report.compare!.values : [''];
  return groups.map((value) => {
    const runs = report.runs.filter((r) => !param || r.params[param] === value);
    const values = runs.flatMap((r) =>
      r.seats.map((s) => ({ bot: r.bot, seat: `Seat ${s.seat}`, win_rate: s.win_rate, rate: pct(s.win_rate), interval: pctInterval(s.win_low, s.win_high) })),
    );
    const spec = {
      ...base(`Win rate of each seat under each bot${param ? `, ${param}=${value}` : ''}`),
      height: 220,
      data: { values },
      mark: { type: 'bar', cornerRadiusTopLeft: 2, cornerRadiusTopRight: 2 },
      encoding: {
        x: { field: 'seat', type: 'nominal', title: null, sort: null, axis: { labelAngle: 0 } },
        xOffset: { field: 'bot', type: 'nominal', sort: report.bots },
        y: { field: 'win_rate', type: 'quantitative', title: 'Win rate', axis: { format: '.0%' } },
        color: { field: 'bot', type: 'nominal', title: 'Bot', sort: report.bots, scale: { range: BOT_COLORS }, legend: { orient: 'top' } },
        tooltip: [
          { field: 'bot', title: 'Bot' },
          { field: 'seat', title: 'Seat' },
          { field: 'rate', title: 'Win rate' },
          { field: 'interval', title: '95 % interval' },
        ],
      },
    } as TopLevelSpec;
    return { title: param ? `${param}=${value}` : '', spec };
  });
}

// Summary lines under the charts, kept here so that the page and the tests agree.
export function lengthSummary(run: Run): string {
  const l = run.lengths;
  return `Mean ${num(l.mean, 1)} actions (standard deviation ${num(l.sd, 1)}), from ${l.min} to ${l.max}.`;
}

export function lengthChange(d: Difference): string {
  return `Game length: ${d.length.diff > 0 ? '+' : ''}${num(d.length.diff, 1)} actions (95 % interval ${numInterval(d.length.low, d.length.high, 1)}).`;
}
