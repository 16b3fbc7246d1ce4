// The events of Baba Yaga in the page's language, from their data; what the data lacks (who
// placed Baba Yaga, where she flies) is read from the server's English text. Its effect names
// are French: each is told in the page's language by a lookup of the French name (or of the
// card the data names, whose effect is its number mod 7), and one the page does not know keeps
// the server's words. A turned tile
// is told by neither its cell nor its ingredient (as in the terminal): once it is turned back
// nothing in the page may still say where it was nor what it was; the board shows it while
// it is face up.
import { t } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { forcedText } from '../forced';
import { effectById, effectByName, effectName, effectOfCard } from './data';
import { seatLabel } from './labels';

type Data = {
  seat?: number;
  searcher?: number;
  by?: number;
  winner?: number;
  turn?: number;
  need?: number;
  moves?: number;
  total?: number;
  found?: number;
  end?: string;
  cell?: string;
  cells?: string[];
  effect?: string;
  card?: number;
  wanted?: boolean;
};

// The effect a `cast` or `no-target` event names, in the page's language: the French name in
// its text, else the effect of the card in its data.
function effectOf(told: string | undefined, card: number | undefined): string | null {
  if (told && effectByName(told)) return effectName(told);
  const e = typeof card === 'number' ? effectOfCard(card) : undefined;
  if (e) return effectName(e.id);
  return told ?? null;
}

const num = (text: string, re: RegExp): number | null => {
  const m = re.exec(text);
  return m ? Number(m[1]) : null;
};

export function narrateBabaYaga(l: LogLine, names: string[]): string | null {
  const d = (l.data ?? {}) as Data;
  const who = (s: number | null | undefined) => (typeof s === 'number' && s >= 0 ? seatLabel(names, s) : null);
  const text = l.text ?? '';
  switch (l.kind) {
    case 'study-over':
      return t('by_ev_study_over');
    // A lone target the table aimed the spell at (see ../forced.tsx).
    case 'forced':
      return forcedText((l.data ?? {}) as object, names);
    case 'turn': {
      const name = who(d.searcher);
      if (!name || d.turn === undefined || d.need === undefined) return null;
      let s = t('by_ev_turn', { n: d.turn, name, need: d.need });
      if (text.includes('Lumière aveuglante !')) s += ' ' + t('by_ev_turn_blind');
      if (text.includes('Tout petit !')) s += ' ' + t('by_ev_turn_small');
      return s;
    }
    case 'placed': {
      // The server's text counts seats from 0; the names come from its numbers.
      const placer = who(num(text, /^Seat (\d+) (?:places|did not place)/));
      const searcher = who(num(text, /seat (\d+) reveals/));
      if (!placer || !searcher || !d.end) return null;
      const byClock = text.includes('did not place her in time');
      return t(byClock ? 'by_ev_placed_clock' : 'by_ev_placed', { name: placer, end: t(`by_end_${d.end}` as 'by_end_north'), searcher });
    }
    case 'turned': {
      // Never the tile nor its ingredient, whatever the data holds.
      const name = who(d.seat) ?? who(num(text, /^Seat (\d+)/)) ?? '?';
      if (d.wanted === undefined) return t('by_ev_turned_some', { name });
      return t(d.wanted ? 'by_ev_turned_wanted' : 'by_ev_turned_unwanted', { name });
    }
    case 'back': {
      const name = who(d.seat) ?? who(num(text, /^Seat (\d+)/));
      return name ? t('by_ev_back', { name }) : null;
    }
    case 'moved': {
      const name = who(d.by);
      const to = /flies to (.+?) \(\d+\/\d+\)/.exec(text)?.[1];
      if (!name || !to || d.moves === undefined || d.total === undefined) return null;
      const where = to === 'the extra tile' ? t('by_extra_tile') : to;
      return t('by_ev_moved', { name, where, moves: d.moves, total: d.total });
    }
    case 'cast': {
      const name = who(d.seat);
      const effect = effectOf(/casts (.+) \(\d+ ingredients? found\)/.exec(text)?.[1], d.card);
      if (!name || !effect || d.found === undefined) return null;
      return t('by_ev_cast', { name, effect, found: d.found });
    }
    case 'failed': {
      const name = who(d.seat);
      const need = num(text, / of (\d+) ingredients/);
      if (!name || need === null || d.found === undefined) return null;
      return t(text.includes('a wrong one showing') ? 'by_ev_failed_wrong' : 'by_ev_failed', { name, found: d.found, need });
    }
    case 'no-target': {
      const effect = effectOf(/^(.+) has no opponent/.exec(text)?.[1], d.card);
      return effect ? t('by_ev_no_target', { effect }) : null;
    }
    case 'swapped':
      return d.cells?.length === 2 ? t('by_ev_swapped', { a: d.cells[0], b: d.cells[1] }) : null;
    case 'targeted': {
      const told = /^(.+) lies in front of/.exec(text)?.[1];
      const effect = d.effect && effectById(d.effect) ? effectName(d.effect) : told && effectByName(told) ? effectName(told) : undefined;
      const name = who(d.seat);
      return effect && name ? t('by_ev_targeted', { effect, name }) : null;
    }
    case 'maison':
      return d.cell ? t('by_ev_maison', { cell: d.cell }) : null;
    case 'maison-later':
      return t('by_ev_maison_later');
    case 'timeout':
      return t('by_ev_timeout');
    case 'over': {
      const name = who(d.winner);
      if (name) return t('by_ev_over_win', { name });
      const n = num(text, /after (\d+) turns/);
      return n === null ? null : t('by_ev_over_limit', { n });
    }
  }
  return null;
}
