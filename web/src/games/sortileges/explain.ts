// Why a couple card went to the witch who won it, and how a tie between equal spells or equal
// scores was settled (docs/rules/sortileges.md, "Ties"; "End of the game and scoring"). Read only
// from the reveal every seat receives (view `last_round`, event `round-revealed`) and the
// public points: nothing hidden.
import { t } from '../../i18n/i18n';
import { cardText, parseCard } from './Card';

// From the strongest (docs/rules/sortileges.md, "Spells").
export const SPELL_ORDER = ['Demonicus', 'Corromptus', 'Fingus', 'Semi-Corromptus', 'Triplus', 'Sequencia', 'Deuus', 'Plumpus'];
// Pique > cœur > trèfle > carreau.
const SUIT_ORDER = ['S', 'H', 'C', 'D'];

function rankValue(card: string): number {
  const { rank } = parseCard(card);
  const court: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14 };
  return court[rank] ?? Number(rank);
}

// Highest rank first; of two cards of one rank, the stronger suit first.
function ordered(cards: string[]): string[] {
  return [...cards].sort((a, b) => rankValue(b) - rankValue(a) || SUIT_ORDER.indexOf(parseCard(a).suit) - SUIT_ORDER.indexOf(parseCard(b).suit));
}

export type TieStep = { step: 0 | 1 | 2; win: string; lose: string | null } | { step: 'suit'; win: string; lose: string };

// What settles two spells of one category: the first rank that differs (a missing card ranks
// below any), or else the suit of the highest card. `a` is the stronger; null if they do not
// differ (never for unique cards).
export function tieStep(a: string[], b: string[]): TieStep | null {
  const x = ordered(a);
  const y = ordered(b);
  for (let i = 0; i < 3; ++i) {
    if (x[i] === undefined && y[i] === undefined) break;
    if (x[i] === undefined || y[i] === undefined || rankValue(x[i]) !== rankValue(y[i])) return x[i] === undefined ? null : { step: i as 0 | 1 | 2, win: x[i], lose: y[i] ?? null };
  }
  if (!x.length || !y.length || x[0] === y[0]) return null;
  return { step: 'suit', win: x[0], lose: y[0] };
}

interface Spell {
  seat: number;
  cards: string[];
  spell: string;
}
export interface RevealSide {
  card?: string;
  fate?: string;
  winner?: number | null;
  by?: string;
  spells?: Spell[];
}

const nameOf = (names: string[], s: number) => names[s] ?? t('seat_n', { n: s + 1 });

// How a tie was settled, in words: "the highest card decides: 10♣ beats 9♠".
export function tieReason(s: TieStep): string {
  if (s.step === 'suit') return t('sort_tie_suit', { a: cardText(s.win), b: cardText(s.lose) });
  const vars = { a: cardText(s.win), b: s.lose === null ? '' : cardText(s.lose) };
  const key = s.lose === null ? (['sort_tie_rank0', 'sort_tie_missing1', 'sort_tie_missing2'] as const)[s.step] : (['sort_tie_rank0', 'sort_tie_rank1', 'sort_tie_rank2'] as const)[s.step];
  return t(key, vars);
}

// The ties under one couple card: one sentence for each witch whose spell was as strong as the
// winner's category, saying what settled it.
export function sideTies(r: RevealSide, names: string[], demonicus: boolean): string[] {
  if (demonicus || r.fate !== 'won' || typeof r.winner !== 'number') return [];
  const spells = r.spells ?? [];
  const win = spells.find((s) => s.seat === r.winner);
  if (!win) return [];
  const out: string[] = [];
  for (const s of spells) {
    if (s.seat === r.winner || s.spell !== win.spell) continue;
    const step = tieStep(win.cards, s.cards);
    if (step) out.push(t('sort_tie', { name: nameOf(names, win.seat), other: nameOf(names, s.seat), spell: win.spell, reason: tieReason(step) }));
  }
  return out;
}

// Why the card went where it went, for the first-game aid: the strongest spell, Demonicus, the
// only witch who placed under it, or nobody (the ties are said by sideTies, always shown).
export function sideWhy(r: RevealSide, names: string[], demonicus: number | null): string | null {
  if (!r.card) return null;
  if (r.fate === 'removed') return t('sort_why_removed');
  if (r.fate === 'under-gratin') return t('sort_why_under');
  if (r.fate !== 'won' || typeof r.winner !== 'number') return null;
  const name = nameOf(names, r.winner);
  if (demonicus !== null) return t('sort_why_demonicus', { name: nameOf(names, demonicus) });
  const spells = r.spells ?? [];
  const win = spells.find((s) => s.seat === r.winner);
  const others = spells.filter((s) => s.seat !== r.winner);
  if (!win) return null;
  if (!others.length) return t('sort_why_alone', { name, spell: win.spell });
  const rank = (s: string) => SPELL_ORDER.indexOf(s);
  const next = others.reduce((best, s) => (rank(s.spell) < rank(best.spell) ? s : best));
  if (next.spell === win.spell) return t('sort_why_tie', { name, spell: win.spell });
  return t('sort_why_stronger', { name, spell: win.spell, other: next.spell });
}

// Equal final scores: who shares which place. `scores` by seat; empty when nobody ties.
export function scoreTies(scores: number[], names: string[]): string[] {
  const out: string[] = [];
  const values = [...new Set(scores)].sort((a, b) => b - a);
  values.forEach((v, i) => {
    const seats = scores.map((s, seat) => ({ s, seat })).filter((x) => x.s === v);
    if (seats.length < 2) return;
    const list = seats.map((x) => nameOf(names, x.seat));
    const who = `${list.slice(0, -1).join(', ')} ${t('sort_and')} ${list[list.length - 1]}`;
    out.push(t(i === 0 ? 'sort_score_tie_win' : 'sort_score_tie', { names: who, n: v }));
  });
  return out;
}
