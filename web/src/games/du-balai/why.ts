// The words that say the rules of Du Balai ! where they bite: while a witch picks her formula
// (what may be known with the dice hidden: nothing of the colours) and after the reveal, why
// each formula moved its witch as it did. Everything here is read from what every seat sees:
// the book the reveal made public (the valid symbols of each colour and those shown in both),
// the formulas shown at the reveal and each witch's outcome.
import { t } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { symbolByWord } from './symbols';

export type Book = { valid_orange?: string[]; valid_black?: string[]; in_both_colours?: string[] };
export type Colour = 'orange' | 'black';
export type Judgement =
  | { verdict: 'none' }
  | { verdict: 'forbidden'; reason: 'both' | 'absent' | 'mixed'; symbol?: string }
  | { verdict: 'valid' | 'perfect'; colour: Colour; missing: string[] };

const syl = (w: string) => symbolByWord(w)?.syllable ?? w;
const colourWord = (c: Colour) => (c === 'orange' ? t('orange') : t('black'));

// The rule book's judgement of one formula by the revealed dice: valid when every symbol is
// valid in one colour, perfect when it holds every valid symbol of that colour.
export function judge(cards: string[], book: Book): Judgement {
  if (cards.length === 0) return { verdict: 'none' };
  const orange = book.valid_orange ?? [];
  const black = book.valid_black ?? [];
  const both = book.in_both_colours ?? [];
  const cancelled = cards.find((c) => both.includes(c));
  if (cancelled) return { verdict: 'forbidden', reason: 'both', symbol: cancelled };
  const absent = cards.find((c) => !orange.includes(c) && !black.includes(c));
  if (absent) return { verdict: 'forbidden', reason: 'absent', symbol: absent };
  const colours = new Set(cards.map((c) => (orange.includes(c) ? 'orange' : 'black')));
  if (colours.size > 1) return { verdict: 'forbidden', reason: 'mixed' };
  const colour = [...colours][0] as Colour;
  const missing = (colour === 'orange' ? orange : black).filter((s) => !cards.includes(s));
  return { verdict: missing.length === 0 ? 'perfect' : 'valid', colour, missing };
}

// One formula's judgement in a few words: "perfect in orange", "forbidden: Gloû is on no die".
export function judgementText(j: Judgement): string {
  switch (j.verdict) {
    case 'none':
      return t('dbw_j_none');
    case 'forbidden':
      return t('dbw_j_forbidden', { reason: reasonText(j.reason, j.symbol) });
    case 'valid':
      return t('dbw_j_valid', { colour: colourWord(j.colour) });
    case 'perfect':
      return t('dbw_j_perfect', { colour: colourWord(j.colour) });
  }
}

function reasonText(reason: 'both' | 'absent' | 'mixed', symbol?: string): string {
  if (reason === 'both') return t('dbw_reason_both', { s: syl(symbol ?? '') });
  if (reason === 'absent') return t('dbw_reason_absent', { s: syl(symbol ?? '') });
  return t('dbw_reason_mixed');
}

// What a formula spell offered after the reveal would make of her formula, from the public
// book: " → perfect in orange" for Oubli réparé (a card added, to her first or second formula)
// and Rectification (one card for another); null for any other action.
export function formulaSpellOutcome(action: string, formulas: { cards?: string[] }[], book: Book): string | null {
  let m;
  let cards: string[] | null = null;
  if ((m = /^play oubli-repare (\S+)( to second)?$/.exec(action))) cards = [...(formulas[m[2] ? 1 : 0]?.cards ?? []), m[1]];
  else if ((m = /^play rectification (\S+) for (\S+)$/.exec(action))) {
    const [out, into] = [m[1], m[2]];
    cards = (formulas[0]?.cards ?? []).map((c) => (c === out ? into : c));
  }
  return cards ? ` → ${judgementText(judge(cards, book))}` : null;
}

// What the formula builder says of the cards picked, while the dice are hidden: whether the
// server takes them now, the move they would make if valid, and the closer's risk. Whether
// they are valid or perfect is only known at the reveal, and the line says so.
export function pickedText(o: { picked: number; writable: boolean; closer: boolean; second: boolean }): string {
  // `second`: she is picking her second formula (Double-jeu); with none, Write sends the first alone.
  if (o.picked === 0) return o.second ? t('dbw_pick_second_empty') : o.closer ? t('dbw_pick_closer_empty') : t('dbw_pick_empty');
  if (!o.writable) return t('db_not_offered');
  const parts = [t(o.second ? 'dbw_pick_second' : 'dbw_pick_n', { n: o.picked })];
  if (o.closer && !o.second) parts.push(t('dbw_pick_closer'));
  return parts.join(' ');
}

type Witch = {
  seat: number;
  pilot?: string;
  formulas?: { cards?: string[]; colour?: string }[];
  outcome?: {
    formulas?: { cards?: string[]; colour?: string }[];
    verdicts?: string[];
    fell?: boolean;
    same_colour?: boolean;
    bonus_cancelled?: boolean;
    penalty?: boolean;
    from?: number;
    to?: number;
  };
};

const formulaWords = (cards: string[]) => (cards.length ? cards.map(syl).join(' ') : '—');

// Why each witch moved as she did, once the reveal made the book public: one sentence per
// witch in the order of the view, from her outcome when she has moved, else from the
// formulas shown and the book (what she will get). Nothing here is hidden from any seat.
export function revealWhy(view: { book?: Book; witches: Witch[]; closer?: number | null }, names: string[]): string[] {
  const book = view.book;
  if (!book) return [];
  const out: string[] = [];
  for (const w of view.witches) {
    const name = names[w.seat] ?? t('seat_n', { n: w.seat + 1 });
    const o = w.outcome;
    // Before her move only her formula is sure to count (a second one counts if Double-jeu
    // takes effect at her move).
    const shown = o ? (o.formulas ?? []) : (w.formulas ?? []).slice(0, 1);
    const formulas = shown.map((f) => f.cards ?? []).filter((c) => c.length > 0);
    if (!o && !w.formulas) continue;
    const judged = formulas.map((c) => judge(c, book));
    let s: string;
    if (formulas.length === 0) s = t('dbw_none', { name });
    else if (formulas.length === 2) {
      const [a, b] = judged;
      const f = { name, a: formulaWords(formulas[0]), b: formulaWords(formulas[1]) };
      if (a.verdict === 'forbidden' || b.verdict === 'forbidden') s = t('dbw_two_forbidden', f);
      else if ('colour' in a && 'colour' in b && a.colour === b.colour) s = t('dbw_two_same', { ...f, colour: colourWord(a.colour) });
      else s = t('dbw_two_ok', { ...f, n: formulas[0].length + formulas[1].length }) + bonusText(judged, formulas, w, o);
    } else {
      const j = judged[0];
      const f = formulaWords(formulas[0]);
      const n = formulas[0].length;
      if (j.verdict === 'forbidden') s = t('dbw_forbidden', { name, f, reason: reasonText(j.reason, j.symbol) });
      else if (j.verdict === 'perfect') s = t('dbw_perfect', { name, f, n, colour: colourWord(j.colour) }) + bonusText(judged, formulas, w, o);
      else if (j.verdict === 'valid') s = t('dbw_valid', { name, f, n, colour: colourWord(j.colour), missing: j.missing.map(syl).join(', ') });
      else s = t('dbw_none', { name });
    }
    if (o?.penalty) s += ' ' + t('dbw_penalty');
    else if (!o && view.closer === w.seat && (formulas.length === 0 || judged.some((j) => j.verdict === 'forbidden') || (judged.length === 2 && 'colour' in judged[0] && 'colour' in judged[1] && judged[0].colour === judged[1].colour)))
      s += ' ' + t('dbw_penalty_coming');
    out.push(s);
  }
  return out;
}

// The bonus of each perfect formula, or why there is none.
function bonusText(judged: Judgement[], formulas: string[][], w: Witch, o: Witch['outcome']): string {
  const perfect = judged.map((j, i) => ({ j, n: formulas[i].length })).filter((x) => x.j.verdict === 'perfect');
  if (perfect.length === 0) return '';
  if (w.pilot === 'expert') return ' ' + t('dbw_no_bonus_expert');
  if (o?.bonus_cancelled) return ' ' + t('dbw_no_bonus_curse');
  return perfect.map((x) => ' ' + ((x.j as { colour: Colour }).colour === 'orange' ? t('dbw_bonus_orange') : t('dbw_bonus_black', { n: x.n }))).join('');
}

// The same from the log, once the view no longer holds the reveal (the turn resolved at once
// and the next book is open): the last "reveal" event (the book and every seat's formulas,
// by seat) and the "moved" events after it (each witch's outcome). The pilots come from the
// view (public); the closer from the "book-closed" event before the reveal.
export function lastRevealWhy(log: LogLine[], view: { witches?: { seat: number; pilot?: string }[] }, names: string[]): string[] {
  let r = -1;
  for (let i = log.length - 1; i >= 0 && r < 0; i--) if (log[i].kind === 'reveal') r = i;
  if (r < 0) return [];
  const d = (log[r].data ?? {}) as { book?: Book; formulas?: unknown[] };
  if (!d.book || !Array.isArray(d.formulas) || !d.formulas.every(Array.isArray)) return [];
  const outcomes = new Map<number, Witch['outcome']>();
  for (let i = r + 1; i < log.length; i++) {
    const m = log[i].data as { seat?: unknown } | undefined;
    if (log[i].kind === 'moved' && typeof m?.seat === 'number') outcomes.set(m.seat, m as Witch['outcome']);
  }
  let closer: number | null = null;
  for (let i = r - 1; i >= 0; i--)
    if (log[i].kind === 'book-closed') {
      const c = (log[i].data as { closer?: unknown } | undefined)?.closer;
      closer = typeof c === 'number' ? c : null;
      break;
    }
  const witches = (d.formulas as Witch['formulas'][]).map((formulas, seat) => ({ seat, pilot: view.witches?.find((w) => w.seat === seat)?.pilot, formulas, outcome: outcomes.get(seat) }));
  return revealWhy({ book: d.book, witches, closer }, names);
}
