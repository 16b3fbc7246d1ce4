// The object `sabbat report --json` prints (format 1), read by the report page.

export interface SeatResult {
  seat: number;
  wins: number;
  win_rate: number;
  win_low: number;
  win_high: number;
  mean_score: number;
  score_low: number;
  score_high: number;
}

export interface Bin {
  low: number;
  high: number;
  count: number;
}

export interface ComponentResult {
  id: string;
  name: string;
  group: string;
  held_in: number;
  // Absent from reports written before it was added.
  win_held?: number | null;
  win_held_low?: number | null;
  win_held_high?: number | null;
  played_in: number;
  plays: number;
  win_played: number | null;
  win_played_low: number | null;
  win_played_high: number | null;
  win_not: number | null;
  win_not_low: number | null;
  win_not_high: number | null;
  effect: number | null;
  effect_low: number | null;
  effect_high: number | null;
}

export interface Run {
  label: string;
  bot: string;
  params: Record<string, string>;
  games: number;
  seats: SeatResult[];
  equal_seats: { chi2: number | null; df: number; p: number | null };
  scores: { score: number; count: number }[];
  lengths: { mean: number; sd: number; min: number; max: number; bins: Bin[] };
  components: ComponentResult[];
}

export interface Interval {
  diff: number;
  low: number;
  high: number;
}

export interface Difference {
  bot: string;
  a: string;
  b: string;
  seats: (Interval & { seat: number })[];
  length: Interval;
}

export interface Report {
  report: number;
  game: { id: string; name: string };
  command: string;
  version: string;
  seed: number;
  players: number;
  games: number;
  bots: string[];
  params: Record<string, string>;
  compare?: { param: string; values: string[] } | null;
  runs: Run[];
  differences?: Difference[];
}
