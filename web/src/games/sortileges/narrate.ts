// The events of Sortilèges in the page's language, from their data (kind "placed" carries
// seat, card and side; "discarded" the seat, and the card for its own seat only). Other kinds
// keep the server's text.
import { t, tMaybe } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { cardText } from './Card';

export function narrateSortileges(l: LogLine, names: string[]): string | null {
  const d = (l.data ?? {}) as { seat?: number; card?: string; side?: string };
  const name = typeof d.seat === 'number' ? names[d.seat] : undefined;
  if (l.kind === 'placed' && name && d.card && (d.side === 'left' || d.side === 'right'))
    return t('ev_placed', { name, card: cardText(d.card), side: (d.side === 'left' ? t('left_card') : t('right_card')).toLowerCase() });
  if (l.kind === 'discarded' && d.card) return t('ev_you_discard', { card: cardText(d.card) });
  if (l.kind === 'discarded' && name) return t('ev_discarded', { name });
  return null;
}

// "two aces", "four kings" in the page's language; "J+Q+K of spades" as the server says it.
export function allianceName(name: string): string {
  return tMaybe(`alliance_${name.replace(/ /g, '_')}`, name);
}
