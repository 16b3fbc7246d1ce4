// Requirement (balance report page): numbers as people read them, the chi-square test of equal
// seats in words, and Vega-Lite charts built from a run that compile and show the run's numbers
// (components never played left out of the effects chart).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type TopLevelSpec } from 'vega-lite';
import { count, num, pct, pctInterval, points, pointsInterval, pValue, seatSentence, splitComponents, saysHeld, paramList } from '../report/format';
import { botsSpecs, differenceSpec, effectsSpec, lengthsSpec, scoresSpec, seatSpec, lengthChange } from '../report/specs';
import type { Report, Run } from '../report/types';

const sample = (): Report => JSON.parse(readFileSync(join(process.cwd(), 'e2e', 'fixtures', 'report-sample.json'), 'utf8'));

test('report format: rates in percent with one decimal, differences in signed percentage points', () => {
  assert.equal(pct(0.26025), '26.0%');
  assert.equal(pct(0.2855), '28.6%');
  assert.equal(pct(null), '—');
  assert.equal(pctInterval(0.241, 0.28), '24.1–28.0%');
  assert.equal(points(0.09), '+9.0 pp');
  assert.equal(points(-0.012), '−1.2 pp');
  assert.equal(points(-0.00001), '0.0 pp', 'no sign on a difference that rounds to zero');
  assert.equal(pointsInterval(-0.015, 0.039), '−1.5 to +3.9 pp');
  assert.equal(num(7.123), '7.12');
  assert.equal(num(-0.001, 1), '0.0');
  assert.equal(count(12000), '12,000');
  assert.equal(count(520.5), '520.5');
  assert.equal(paramList({}), 'defaults');
  assert.equal(paramList({ unclaimed: 'removed', first_player: 'rotate' }), 'unclaimed=removed, first_player=rotate');
});

test('report format: the p-value in words at the 5 % level', () => {
  assert.equal(pValue(0.376), '= 0.38');
  assert.equal(pValue(0.0014), '= 0.0014');
  assert.equal(pValue(0.0004), '< 0.001');
  const run = sample().runs[0];
  const fair = { ...run, equal_seats: { chi2: 3.1, df: 3, p: 0.38 } };
  assert.match(seatSentence(fair), /^p = 0\.38: no evidence that a seat is favoured/);
  const unfair = { ...run, equal_seats: { chi2: 15.5, df: 3, p: 0.001 } };
  assert.match(seatSentence(unfair), /^p = 0\.001: the seats differ .* Seat 0 wins most often \(26\.0%\), seat 2 least often \(24\.4%\)\.$/);
  assert.equal(seatSentence({ ...run, equal_seats: { chi2: null, df: 3, p: null } }), 'Too few games to test whether a seat is favoured.');
});

test('report: components never played are apart, the others keep the report order', () => {
  const run = sample().runs[0];
  const { played, never } = splitComponents(run);
  assert.deepEqual(never.map((c) => c.id), ['demonicus']);
  assert.deepEqual(played.map((c) => c.id), run.components.filter((c) => c.played_in > 0).map((c) => c.id));
  assert.equal(saysHeld(run), false);
  assert.equal(saysHeld({ ...run, components: [{ ...run.components[0], held_in: 3100 }] }), true);
});

// The data of a spec's first layer that has rows (or of the spec itself).
function rows(spec: TopLevelSpec): any[] {
  const s = spec as any;
  if (s.data?.values) return s.data.values;
  throw new Error('no data');
}

function compiles(spec: TopLevelSpec) {
  const warnings: string[] = [];
  const logger = { level: () => logger, info() {}, debug() {}, warn: (...a: unknown[]) => warnings.push(a.join(' ')), error: (...a: unknown[]) => warnings.push(a.join(' ')) };
  const vega = compile(spec, { logger: logger as any }).spec;
  assert.deepEqual(warnings, [], 'Vega-Lite warns');
  assert.ok(vega.marks && vega.marks.length > 0);
}

test('report specs: each chart of a run compiles without a warning and holds the run numbers', () => {
  const r = sample();
  const run: Run = r.runs[1];
  const seats = seatSpec(run, r.players);
  compiles(seats);
  assert.deepEqual(rows(seats).map((v) => [v.seat, v.win_rate, v.win_low, v.win_high]), run.seats.map((s) => [`Seat ${s.seat}`, s.win_rate, s.win_low, s.win_high]));
  const fair = (seats as any).layer.find((l: any) => l.data?.values?.[0]?.fair !== undefined);
  assert.equal(fair.data.values[0].fair, 1 / r.players);

  const scores = scoresSpec(run);
  compiles(scores);
  assert.deepEqual(rows(scores).map((v) => [v.score, v.count]), run.scores.map((s) => [s.score, s.count]));

  const lengths = lengthsSpec(run);
  compiles(lengths);
  assert.deepEqual(rows(lengths).map((v) => [v.from, v.to, v.count]), run.lengths.bins.map((b) => [b.low - 0.5, b.high + 0.5, b.count]));

  const effects = effectsSpec(run);
  compiles(effects);
  const shown = rows(effects);
  assert.deepEqual(shown.map((v) => v.name), splitComponents(run).played.map((c) => c.name));
  assert.ok(!shown.some((v) => v.name === 'Demonicus'), 'a component never played is not plotted');
  assert.ok(Math.abs(shown[0].value - run.components[0].effect! * 100) < 1e-9, 'effects in percentage points');
});

test('report specs: the comparison per seat, and the seats per bot only with several bots', () => {
  const r = sample();
  const d = r.differences![0];
  const spec = differenceSpec(d);
  compiles(spec);
  assert.deepEqual(rows(spec).map((v) => v.name), ['Seat 0', 'Seat 1', 'Seat 2', 'Seat 3']);
  assert.equal(lengthChange(d), 'Game length: −1.5 actions (95 % interval −1.8 to −1.2).');

  assert.deepEqual(botsSpecs(r), [], 'one bot: no chart per bot');
  // Two bots times the two compared values: one chart per value, each with both bots' seats.
  const cautious = r.runs.map((run) => ({ ...run, bot: 'cautious', label: run.label.replace('normal', 'cautious') }));
  const two: Report = { ...r, bots: ['normal', 'cautious'], runs: [r.runs[0], cautious[0], r.runs[1], cautious[1]] };
  const specs = botsSpecs(two);
  assert.deepEqual(specs.map((s) => s.title), ['unclaimed=removed', 'unclaimed=under-gratin']);
  for (const s of specs) compiles(s.spec);
  const keep = rows(specs[0].spec);
  assert.equal(keep.length, 8);
  assert.deepEqual([...new Set(keep.map((v) => v.bot))], ['normal', 'cautious']);
  assert.deepEqual(keep.filter((v) => v.bot === 'normal').map((v) => v.win_rate), r.runs[0].seats.map((s) => s.win_rate));
});
