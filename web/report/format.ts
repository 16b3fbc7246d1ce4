// Numbers as a designer reads them: rates in percent with one decimal, differences of rates in
// percentage points with their sign, intervals as "low to high".
import type { ComponentResult, Run } from './types';

const DASH = '—';

// 0.26025 -> "26.0%"; null (never measured) -> "—".
export function pct(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return `${fixed(x * 100, 1)}%`;
}

// A difference of two rates: 0.09 -> "+9.0 pp", -0.012 -> "−1.2 pp".
export function points(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return `${signed(x * 100, 1)} pp`;
}

// A 95 % interval of a rate: "24.1–28.0%".
export function pctInterval(low: number | null, high: number | null): string {
  if (low === null || high === null) return DASH;
  return `${fixed(low * 100, 1)}–${pct(high)}`;
}

// A 95 % interval of a difference of rates: "+6.0 to +12.0 pp".
export function pointsInterval(low: number | null, high: number | null): string {
  if (low === null || high === null) return DASH;
  return `${signed(low * 100, 1)} to ${points(high)}`;
}

// A plain quantity (a mean score, a length): `digits` decimals, a minus sign, no "-0.0".
export function num(x: number | null | undefined, digits = 2): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return DASH;
  return fixed(x, digits);
}

export function numInterval(low: number | null, high: number | null, digits = 2): string {
  if (low === null || high === null) return DASH;
  return `${num(low, digits)} to ${num(high, digits)}`;
}

export function signed(x: number, digits: number): string {
  const s = fixed(x, digits);
  return s.startsWith('−') || Number(s.replace('−', '-')) === 0 ? s : `+${s}`;
}

// A count of games, with thousands separated: 12000 -> "12,000"; half wins kept: 520.5.
export function count(x: number): string {
  return x.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function fixed(x: number, digits: number): string {
  // Twelve significant digits first: 0.2855 * 100 is 28.549999…, which must read 28.6.
  const s = Number(x.toPrecision(12)).toFixed(digits);
  // -0.0 reads as a sign that is not there.
  if (Number(s) === 0) return (0).toFixed(digits);
  return s.replace('-', '−');
}

// The p-value as written in a sentence: two decimals from 0.1 up, two significant digits below,
// "< 0.001" below that.
export function pValue(p: number): string {
  if (p < 0.001) return '< 0.001';
  if (p < 0.1) return `= ${Number(p.toPrecision(2)).toString()}`;
  return `= ${p.toFixed(2)}`;
}

// The chi-square test of equal seats in words, at the 5 % level, naming the seat that wins most
// when the seats differ.
export function seatSentence(run: Run): string {
  const { p, chi2, df } = run.equal_seats;
  if (p === null || chi2 === null || !Number.isFinite(p)) return 'Too few games to test whether a seat is favoured.';
  const head = `p ${pValue(p)}`;
  const test = `(chi-square ${num(chi2, 1)}, ${df} degree${df === 1 ? '' : 's'} of freedom)`;
  if (p >= 0.05) return `${head}: no evidence that a seat is favoured ${test}.`;
  const best = [...run.seats].sort((a, b) => b.win_rate - a.win_rate)[0];
  const worst = [...run.seats].sort((a, b) => a.win_rate - b.win_rate)[0];
  return `${head}: the seats differ ${test}. Seat ${best.seat} wins most often (${pct(best.win_rate)}), seat ${worst.seat} least often (${pct(worst.win_rate)}).`;
}

// A run's components split: those played at least once (as sorted in the report, biggest effect
// first) and those never played, which have no effect to show.
export function splitComponents(run: Run): { played: ComponentResult[]; never: ComponentResult[] } {
  const played = run.components.filter((c) => c.played_in > 0 && c.effect !== null);
  const never = run.components.filter((c) => !(c.played_in > 0 && c.effect !== null));
  return { played, never };
}

// Whether the game says which components a seat holds at the start: otherwise every held_in is 0
// and the column reads "—".
export function saysHeld(run: Run): boolean {
  return run.components.some((c) => c.held_in > 0);
}

// The parameters as "name=value, name=value", or "defaults" when there are none.
export function paramList(params: Record<string, string>): string {
  const entries = Object.entries(params);
  return entries.length ? entries.map(([k, v]) => `${k}=${v}`).join(', ') : 'defaults';
}
