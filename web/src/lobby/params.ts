// Parameters in plain words: the catalog's label and help for a known parameter, the server's
// own description (English) for one this page does not know yet. A time the server counts in
// milliseconds (a name ending in _ms) is shown and typed in seconds, and sent in milliseconds.
import { lang, tMaybe } from '../i18n/i18n';
import type { GameInfo, ParamSpec } from '../protocol/types';

const gameKey = (game: string) => game.replace(/-/g, '_');

// pilot_0 ... pilot_5 share one label with the seat number.
function split(name: string): { base: string; n: number | null } {
  const m = /^(.*)_(\d)$/.exec(name);
  return m ? { base: m[1], n: Number(m[2]) } : { base: name, n: null };
}

// The seat a parameter belongs to (pilot_2: seat 2), or null for a parameter of the table.
export function seatOf(p: ParamSpec): number | null {
  return split(p.name).n;
}

// The guards of bots and simulations (max_turns, max_flips): a table with people plays
// without them (the server sets them to 0, none, unless the form sends another value).
export function isGuard(p: ParamSpec): boolean {
  return p.name === 'max_turns' || p.name === 'max_flips';
}

export function inSeconds(p: ParamSpec): boolean {
  return p.kind === 'integer' && p.name.endsWith('_ms');
}

// A parameter whose value is a seat (first_seat): the page numbers seats from 1 (seats.ts), so
// the form shows and takes 1 for the server's seat 0, and sends the server's number.
export function isSeat(p: ParamSpec): boolean {
  return p.kind === 'integer' && p.name === 'first_seat';
}

// The catalog keys the form reads for a parameter: its label, its help, one per choice.
export function paramKeys(game: string, p: ParamSpec): { label: string; help: string; choices: string[] } {
  const { base } = split(p.name);
  const g = gameKey(game);
  // A time in seconds has its own label (the old one said "ms"); the help is the same.
  const label = inSeconds(p) ? `param_${g}_${base.slice(0, -3)}_s` : `param_${g}_${base}`;
  const choices = p.kind === 'boolean' ? ['value_true', 'value_false'] : (p.choices ?? []).map((c) => `choice_${g}_${base}_${c.replace(/-/g, '_')}`);
  // A seat counted from 1 has its own help (the old one said "numbered from 0").
  return { label, help: isSeat(p) ? `param_${g}_${base}_from1_help` : `param_${g}_${base}_help`, choices };
}

export function paramLabel(game: string, p: ParamSpec): string {
  const { n } = split(p.name);
  return tMaybe(paramKeys(game, p).label, p.name, n === null ? undefined : { n: n + 1 });
}

export function paramHelp(game: string, p: ParamSpec): string {
  return tMaybe(paramKeys(game, p).help, p.description ?? '');
}

export function choiceLabel(game: string, p: ParamSpec, value: string): string {
  if (p.kind === 'boolean') return tMaybe(`value_${value}`, value);
  const { base } = split(p.name);
  return tMaybe(`choice_${gameKey(game)}_${base}_${value.replace(/-/g, '_')}`, value);
}

// 1500 → "1.5" (the value of a number field); "" when the text is no number.
export function msToSeconds(ms: string): string {
  const n = Number(ms);
  return ms.trim() === '' || !Number.isFinite(n) ? '' : String(n / 1000);
}

// "1.5" or "1,5" → 1500; null when the text is no number.
export function secondsToMs(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d*\.?\d*$/.test(s) || !/\d/.test(s)) return null;
  return Math.round(Number(s) * 1000);
}

// A number as the page's language writes it: 0,5 in French.
export function numberText(n: number): string {
  return lang() === 'fr' ? String(n).replace('.', ',') : String(n);
}

export function defaultText(game: string, p: ParamSpec): string {
  if (inSeconds(p)) return tMaybe('n_seconds', `${numberText(Number(p.default) / 1000)} s`, { n: numberText(Number(p.default) / 1000) });
  if (isSeat(p)) return String(Number(p.default) + 1);
  return p.kind === 'integer' ? tableDefault(p) : choiceLabel(game, p, p.default);
}

// The bounds of an integer parameter as typed in the form (seconds for a time), a seat from 1 to
// the number of players.
export function bounds(p: ParamSpec, players: number): { min?: number; max?: number } {
  if (isSeat(p)) return { min: (p.min ?? 0) + 1, max: Math.min(p.max === undefined ? players : p.max + 1, players) };
  const scale = inSeconds(p) ? 1000 : 1;
  let max = p.max === undefined ? undefined : p.max / scale;
  return { min: p.min === undefined ? undefined : p.min / scale, max };
}

// What the form sends for an integer parameter typed as `text`: the server's text (milliseconds
// for a time), or null when it is no whole number within the bounds.
export function typedValue(p: ParamSpec, text: string, players: number): string | null {
  const { min, max } = bounds(p, players);
  if (inSeconds(p)) {
    const ms = secondsToMs(text);
    if (ms === null) return null;
    if ((p.min !== undefined && ms < p.min) || (p.max !== undefined && ms > p.max)) return null;
    return String(ms);
  }
  const s = text.trim();
  if (!/^-?\d+$/.test(s)) return null;
  const n = Number(s);
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) return null;
  return String(isSeat(p) ? n - 1 : n);
}

// A parameter's value at a table when the form sends none: the game's default, but 0 (none)
// for a guard.
function tableDefault(p: ParamSpec): string {
  return isGuard(p) ? '0' : p.default;
}

// The value the form shows at first: the table's default, in seconds for a time, from 1 for a
// seat.
export function shownDefault(p: ParamSpec): string {
  if (isSeat(p)) return String(Number(p.default) + 1);
  return inSeconds(p) ? msToSeconds(p.default) : tableDefault(p);
}

// What the form sends for the parameters it shows (the seats that exist), or the first one
// typed wrong. Only values that differ from their default are sent: the server fills the rest.
export function paramsToSend(game: GameInfo, players: number, typed: Record<string, string>): { params: Record<string, string> } | { wrong: ParamSpec } {
  const params: Record<string, string> = {};
  for (const p of game.params) {
    const seat = seatOf(p);
    if (seat !== null && seat >= players) continue;
    const text = typed[p.name] ?? shownDefault(p);
    const value = p.kind === 'integer' ? typedValue(p, text, players) : text;
    if (value === null) return { wrong: p };
    if (value !== tableDefault(p)) params[p.name] = value;
  }
  return { params };
}

// The level each bot name of the server stands for: the games give their normal bot several
// names (heuristic, simple, seasoned), and the page offers each level once.
const LEVELS = ['random', 'novice', 'normal', 'expert'] as const;
export type BotLevel = (typeof LEVELS)[number];
const LEVEL_OF: Record<string, BotLevel> = { random: 'random', novice: 'novice', normal: 'normal', heuristic: 'normal', simple: 'normal', seasoned: 'normal', expert: 'expert' };

// The level of a bot name of the server, for the table page's names (table/seats.ts).
export function botLevel(name: string): BotLevel | undefined {
  return LEVEL_OF[name];
}

export interface BotChoice {
  id: string; // the server's bot name, sent in the seat choice
  label: string;
}

// The bots a seat may get, weakest first, one per level (the game's default bot for its level),
// then any bot this page does not know, under its own name.
export function botChoices(game: GameInfo): BotChoice[] {
  const out: BotChoice[] = [];
  for (const level of LEVELS) {
    const ids = game.bots.filter((b) => LEVEL_OF[b] === level);
    if (ids.length === 0) continue;
    const id = ids.includes(game.default_bot) ? game.default_bot : ids[0];
    out.push({ id, label: tMaybe(`bot_level_${level}`, id) });
  }
  for (const b of game.bots) if (!(b in LEVEL_OF)) out.push({ id: b, label: tMaybe('seat_bot', b, { bot: b }) });
  return out;
}

// The bot an untouched seat gets: the game's default one, else the normal level.
export function defaultBot(game: GameInfo): string {
  const offered = botChoices(game);
  if (offered.some((c) => c.id === game.default_bot)) return game.default_bot;
  return (offered.find((c) => LEVEL_OF[c.id] === 'normal') ?? offered[0])?.id ?? 'human';
}
