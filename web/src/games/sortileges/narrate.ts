// The events of Sortilèges in the page's language, from their data: "round-started" (round,
// first_player, couple_cards), "drawn" (the two cards, for the drawer only), "placed" (seat,
// card, side), "discarded" (the seat, and the card for its own seat only), "round-revealed"
// (each couple card's fate, winner and spell) and "game-over". A line whose data lacks what
// it needs keeps the server's text.
import { lang, t, tMaybe, type Key } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { cardText } from './Card';

interface RevealSide {
  card?: string;
  fate?: string;
  winner?: number | null;
  by?: string;
  spells?: { seat: number; cards: string[]; spell: string }[];
}

function sideName(side: 'left' | 'right'): string {
  return (side === 'left' ? t('left_card') : t('right_card')).toLowerCase();
}

function revealSide(side: 'left' | 'right', r: RevealSide, demonicus: boolean, names: string[]): string | null {
  if (!r.card) return null;
  const vars = { side: sideName(side), card: cardText(r.card) };
  if (r.fate === 'removed') return t('ev_side_removed', vars);
  if (r.fate === 'under-gratin') return t('ev_side_under', vars);
  if (r.fate !== 'won' || typeof r.winner !== 'number' || r.winner < 0) return null;
  const name = seatName(names, r.winner);
  if (demonicus) return t('ev_side_demonicus', { ...vars, name });
  const cards = r.spells?.find((s) => s.seat === r.winner)?.cards ?? [];
  return t('ev_side_won', { ...vars, name, spell: r.by ?? '', cards: cards.map(cardText).join(' ') });
}

export function narrateSortileges(l: LogLine, names: string[]): string | null {
  const d = (l.data ?? {}) as Record<string, any>;
  const name = typeof d.seat === 'number' && d.seat >= 0 ? seatName(names, d.seat) : undefined;
  switch (l.kind) {
    case 'placed':
      if (name && d.card && (d.side === 'left' || d.side === 'right')) return t('ev_placed', { name, card: cardText(d.card), side: sideName(d.side) });
      return null;
    case 'discarded':
      if (d.card) return t('ev_you_discard', { card: cardText(d.card) });
      return name ? t('ev_discarded', { name }) : null;
    case 'drawn':
      return Array.isArray(d.cards) && d.cards.length === 2 ? t('ev_drawn', { a: cardText(d.cards[0]), b: cardText(d.cards[1]) }) : null;
    case 'round-started': {
      const first = typeof d.first_player === 'number' && d.first_player >= 0 ? seatName(names, d.first_player) : undefined;
      if (!first || typeof d.round !== 'number') return null;
      return t(d.couple_cards === 1 ? 'ev_round_started_single' : 'ev_round_started', { round: d.round, name: first });
    }
    case 'round-revealed': {
      if (typeof d.round !== 'number') return null;
      const sides: string[] = [];
      for (const side of ['left', 'right'] as const) {
        if (!d[side]) continue;
        const told = revealSide(side, d[side], d.demonicus !== null && d.demonicus !== undefined, names);
        if (told === null) return null;
        sides.push(told);
      }
      return sides.length ? t('ev_revealed', { round: d.round, sides: sides.join(lang() === 'fr' ? '\u202f; ' : '; ') }) : null;
    }
    case 'game-over':
      return t('ev_game_over');
    default:
      return null;
  }
}

// "two aces", "four kings", "J+Q+K of spades" in the page's language.
export function allianceName(name: string): string {
  const court = /^J\+Q\+K of (spades|hearts|clubs|diamonds)$/.exec(name);
  if (court) return t('sort_alliance_court', { suit: t(`sort_suit_${'SHCD'['spades hearts clubs diamonds'.split(' ').indexOf(court[1])]}` as Key) });
  return tMaybe(`alliance_${name.replace(/ /g, '_')}`, name);
}

// A seat's name, or "Seat 3" (seats counted from 1) when the page has none for it.
export function seatName(names: string[], seat: number): string {
  return names[seat] ?? t('seat_n', { n: seat + 1 });
}
