// The first-game aid of Baba Yaga: why the last search ended as it did, from the log every
// seat receives (the "cast" and "failed" events, with the number of ingredients the turn
// needed from its "turn" event). It names no ingredient and no tile: those are the players'
// memory.
import { t } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { seatLabel } from './labels';

type Data = { seat?: number; found?: number; need?: number; searcher?: number };

// The explanation of the latest spell's outcome, shown until the next race starts (Baba Yaga
// placed again); null when there is none to give. `viewNeed` (the view's count of needed
// ingredients) stands in when the log no longer holds the turn's start.
export function spellWhy(log: LogLine[], names: string[], viewNeed?: number): string | null {
  let outcome = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    const k = log[i].kind;
    if (k === 'placed' || k === 'study-over') return null;
    if (k === 'cast' || k === 'failed') {
      outcome = i;
      break;
    }
  }
  if (outcome < 0) return null;
  let need: number | null = null;
  for (let i = outcome - 1; i >= 0 && need === null; i--) if (log[i].kind === 'turn') need = (log[i].data as Data)?.need ?? null;
  const d = (log[outcome].data ?? {}) as Data;
  if (need === null && typeof viewNeed === 'number') need = viewNeed;
  if (typeof d.seat !== 'number' || typeof d.found !== 'number' || need === null) return null;
  const name = seatLabel(names, d.seat);
  if (log[outcome].kind === 'cast') return t('byw_cast', { name, found: d.found, need });
  const wrong = (log[outcome].text ?? '').includes('a wrong one showing');
  if (wrong) return t('byw_failed_wrong', { name, found: d.found, need });
  return t('byw_failed_short', { name, found: d.found, need });
}
