// The events of Du Balai ! in the page's language. Most are told from their data: "start"
// (seat, square), "book-open" (turn), "book-closed" (closer), "written" (seat), "your-formula"
// (the formula's canonical text), "reveal" (dice, book, formulas, order), "moved" (the outcome),
// "drew" (seat, count), "drawn-cards" and "kept" (card ids), "spell" (seat, card, action),
// "brouillard" (seat), "cancelled" (caster, card), "curse" (square) and "race-over". The Décret
// opening of the book carries the same data as the turn's, so its text tells them apart; a
// spell's effect says who moved from where to where, which only its text holds (the data has
// the squares after it, not before). A line whose data lacks what it needs keeps the server's
// text.
import { t, type Key } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { cardName as nameOfCard, MAGIE_NOIRE } from './cards';
import { symbolByWord } from './symbols';
import { forcedText } from '../forced';

// Squares from 23 on are across the line (the engine's kFinish).
const LINE = 23;

type Formula = { cards?: string[]; colour?: string };

type Data = {
  seat?: number;
  square?: number;
  turn?: number;
  closer?: number | null;
  formula?: string;
  dice?: { syllable?: string; colour?: string }[];
  book?: { valid_orange?: string[]; valid_black?: string[]; in_both_colours?: string[] };
  formulas?: Formula[][] | Formula[];
  order?: number[];
  verdicts?: string[];
  fell?: boolean;
  same_colour?: boolean;
  bonus_cancelled?: boolean;
  penalty?: boolean;
  from?: number;
  to?: number;
  count?: number;
  cards?: string[];
  card?: string;
  action?: string;
  squares?: number[];
};

const isSeat = (s: unknown): s is number => typeof s === 'number' && Number.isInteger(s) && s >= 0;

function seatName(names: string[], s: unknown): string | null {
  if (!isSeat(s)) return null;
  return names[s] ?? t('seat_n', { n: s + 1 });
}

function cardName(id: unknown): string | null {
  return typeof id === 'string' ? (MAGIE_NOIRE[id] ? nameOfCard(id) : null) : null;
}

// "zaam" → "Zââm"; null for a word that is no symbol.
function syllable(word: unknown): string | null {
  return typeof word === 'string' ? (symbolByWord(word)?.syllable ?? null) : null;
}

// The syllables of a list of action words, or null when one is unknown.
function syllables(words: unknown, between = ' '): string | null {
  if (!Array.isArray(words)) return null;
  const out: string[] = [];
  for (const w of words) {
    const s = syllable(w);
    if (!s) return null;
    out.push(s);
  }
  return out.join(between);
}

// "3 squares", "1 square".
function squares(n: number | string): string {
  return Number(n) === 1 ? t('dbn_square_one') : t('dbn_squares', { n });
}

// A number of the track, or the line once crossed.
function squareWord(sq: number): string {
  return sq >= LINE ? t('dbn_across') : String(sq);
}

// A square as the server's text writes it: "14", "-2" or "across the line".
function squareFromText(s: string): string {
  return s === 'across the line' ? t('dbn_across') : s;
}

// "perfect in black", from the verdict and the colour the dice gave the formula.
function verdictWords(verdict: string, colour: unknown): string | null {
  if (verdict === 'forbidden') return t('dbn_v_forbidden');
  if ((verdict !== 'valid' && verdict !== 'perfect') || (colour !== 'orange' && colour !== 'black')) return null;
  return t(`dbn_v_${verdict}_${colour}` as Key);
}

function formulaVerdict(f: Formula | undefined, verdict: string | undefined): string | null {
  const cards = syllables(f?.cards);
  const v = verdict === undefined ? null : verdictWords(verdict, f?.colour);
  return cards && v ? t('dbn_formula_verdict', { cards, verdict: v }) : null;
}

// At the reveal the data gives each formula its colour when valid; it is perfect when it holds
// every symbol valid in that colour.
function revealVerdict(f: Formula, book: NonNullable<Data['book']>): string | null {
  if (!Array.isArray(f.cards)) return null;
  if (f.colour === undefined) return 'forbidden';
  const valid = f.colour === 'orange' ? book.valid_orange : f.colour === 'black' ? book.valid_black : undefined;
  if (!Array.isArray(valid)) return null;
  return f.cards.length === valid.length && f.cards.every((c) => valid.includes(c)) ? 'perfect' : 'valid';
}

function narrateReveal(d: Data, names: string[]): string | null {
  const { dice, book, formulas, order } = d;
  if (!Array.isArray(dice) || !book || !Array.isArray(formulas) || !Array.isArray(order)) return null;
  const faces: string[] = [];
  for (const die of dice) {
    const s = syllable(die?.syllable);
    if (!s || (die.colour !== 'orange' && die.colour !== 'black')) return null;
    faces.push(t(die.colour === 'orange' ? 'dbn_die_orange' : 'dbn_die_black', { s }));
  }
  const list = (words: unknown) => (Array.isArray(words) && words.length === 0 ? t('dbn_no_symbol') : syllables(words, ', '));
  const orange = list(book.valid_orange);
  const black = list(book.valid_black);
  const both = list(book.in_both_colours);
  if (!orange || !black || !both) return null;
  const witches: string[] = [];
  for (const seat of order) {
    const name = seatName(names, seat);
    const fs = formulas[seat];
    if (!name || !Array.isArray(fs)) return null;
    let told = t('dbn_reveal_none');
    for (let i = 0; i < fs.length; ++i) {
      const v = revealVerdict(fs[i], book);
      const f = v && formulaVerdict(fs[i], v);
      if (!f) return null;
      told = i === 0 ? f : t('dbn_reveal_second', { first: told, second: f });
    }
    witches.push(t('dbn_reveal_witch', { name, formulas: told }));
  }
  return t('dbn_reveal', { dice: faces.join(', '), orange, black, both, formulas: witches.join(t('dbn_list_sep')) });
}

function narrateMoved(d: Data, names: string[]): string | null {
  const name = seatName(names, d.seat);
  const fs = d.formulas as Formula[] | undefined;
  if (!name || !Array.isArray(fs) || !Array.isArray(d.verdicts) || typeof d.from !== 'number' || typeof d.to !== 'number') return null;
  if (fs.length > 2 || d.verdicts.length !== fs.length) return null;
  const told: string[] = [];
  for (let i = 0; i < fs.length; ++i) {
    const f = formulaVerdict(fs[i], d.verdicts[i]);
    if (!f) return null;
    told.push(f);
  }
  let what = told.length === 0 ? t('dbn_moved_none') : told.length === 1 ? t('dbn_moved_one', { a: told[0] }) : t('dbn_moved_two', { a: told[0], b: told[1] });
  if (d.fell) what += t(d.same_colour ? 'dbn_moved_fell_same' : 'dbn_moved_fell_forbidden');
  if (d.bonus_cancelled) what += t('dbn_moved_no_bonus');
  if (d.penalty) what += t('dbn_moved_penalty');
  return t('dbn_moved', { name, what, from: squareWord(d.from), to: squareWord(d.to) });
}

function narrateYourFormula(d: Data): string | null {
  if (typeof d.formula !== 'string') return null;
  if (d.formula === 'formula none') return t('dbn_your_formula_none');
  const m = /^formula (.+?)(?: second (.+))?$/.exec(d.formula);
  if (!m) return null;
  const formula = syllables(m[1].split(' '));
  const second = m[2] === undefined ? undefined : syllables(m[2].split(' '));
  if (!formula || second === null) return null;
  return second ? t('dbn_your_formula_second', { formula, second }) : t('dbn_your_formula', { formula });
}

function narrateSpell(d: Data, names: string[]): string | null {
  const name = seatName(names, d.seat);
  const card = cardName(d.card);
  if (!name || !card || typeof d.action !== 'string') return null;
  const a = d.action;
  let m;
  switch (d.card) {
    case 'oubli-repare': {
      const s = (m = /^play oubli-repare (\S+)( to second)?$/.exec(a)) && syllable(m[1]);
      return m && s ? t(m[2] ? 'dbn_spell_oubli_second' : 'dbn_spell_oubli', { name, s }) : null;
    }
    case 'rectification': {
      m = /^play rectification (\S+) for (\S+)$/.exec(a);
      const out = m && syllable(m[1]);
      const inn = m && syllable(m[2]);
      return out && inn ? t('dbn_spell_rectification', { name, out, in: inn }) : null;
    }
    case 'mauvais-sort': {
      const target = (m = /^play mauvais-sort on (\d+)$/.exec(a)) && seatName(names, Number(m[1]));
      return target ? t('dbn_spell_mauvais_sort', { name, target }) : null;
    }
    case 'attraction': {
      m = /^play attraction (\d+)$/.exec(a);
      if (!m) return null;
      return t('dbn_spell_attraction', { name, squares: squares(m[1]) });
    }
  }
  return a === `play ${d.card}` ? t('dbn_spell', { name, card }) : null;
}

// "seat 2 moves back 3, 14 → 11" in the page's language.
const MOVE = /^seat (\d+) (?:moves (forward|back) (\d+)|does not move), (-?\d+|across the line) \u2192 (-?\d+|across the line)$/;

function movedClause(text: string, names: string[]): string | null {
  const m = MOVE.exec(text);
  const name = m && seatName(names, Number(m[1]));
  if (!m || !name) return null;
  const from = squareFromText(m[4]);
  const to = squareFromText(m[5]);
  if (!m[2]) return t('dbn_fx_still', { name, from });
  return t(m[2] === 'forward' ? 'dbn_fx_forward' : 'dbn_fx_back', { name, squares: squares(m[3]), from, to });
}

function narrateSpellEffect(d: Data, text: string, names: string[]): string | null {
  const card = cardName(d.card);
  if (!card) return null;
  let m;
  switch (d.card) {
    case 'vent-arriere': {
      m = /^Vent arrière: (.+) \(her rank in the race: (\d+)\)$/.exec(text);
      const moved = m && movedClause(m[1], names);
      return m && moved ? t('dbn_fx_vent_arriere', { moved, rank: m[2] }) : null;
    }
    case 'mauvais-sort': {
      m = /^Mauvais sort: (.+)$/.exec(text);
      const moved = m && movedClause(m[1], names);
      return moved ? t('dbn_fx_mauvais_sort', { moved }) : null;
    }
    case 'attraction': {
      m = /^Attraction (\d+) towards seat (\d+) on square (-?\d+|across the line): (.+)$/.exec(text);
      const name = m && seatName(names, Number(m[2]));
      if (!m || !name) return null;
      let moves: string;
      if (m[4] === 'nobody moves') {
        moves = t('dbn_fx_attraction_nobody');
      } else {
        const told = m[4].split('; ').map((c) => movedClause(c, names));
        if (told.some((c) => c === null)) return null;
        moves = told.join(t('dbn_list_sep'));
      }
      return t('dbn_fx_attraction', { squares: squares(m[1]), name, square: squareFromText(m[3]), moves });
    }
    case 'blocage': {
      const name = seatName(names, d.seat);
      const sq = isSeat(d.seat) && Array.isArray(d.squares) ? d.squares[d.seat] : undefined;
      return name && typeof sq === 'number' ? t('dbn_fx_blocage', { name, square: squareWord(sq) }) : null;
    }
    case 'oubli-repare': {
      m = /^Oubli réparé: (\S+) joins seat (\d+)'s (second )?formula$/.exec(text);
      const name = m && seatName(names, Number(m[2]));
      return m && name ? t(m[3] ? 'dbn_fx_oubli_second' : 'dbn_fx_oubli', { s: m[1], name }) : null;
    }
    case 'rectification': {
      m = /^Rectification: seat (\d+)'s formula takes (\S+) instead of (\S+)$/.exec(text);
      const name = m && seatName(names, Number(m[1]));
      return m && name ? t('dbn_fx_rectification', { name, in: m[2], out: m[3] }) : null;
    }
    case 'double-jeu': {
      const name = seatName(names, d.seat);
      return name ? t('dbn_fx_double_jeu', { name }) : null;
    }
  }
  return text === `${card} takes effect` ? t('dbn_fx_other', { card }) : null;
}

export function narrateDuBalai(l: LogLine, names: string[]): string | null {
  // A forced answer the table played for a seat (see ../forced.tsx).
  if (l.kind === 'forced') return forcedText((l.data ?? {}) as object, names);
  const d = (l.data && typeof l.data === 'object' ? l.data : {}) as Data;
  const text = l.text ?? '';
  switch (l.kind) {
    case 'start': {
      const name = seatName(names, d.seat);
      return name && typeof d.square === 'number' ? t('dbn_start', { name, square: d.square }) : null;
    }
    case 'book-open':
      // Décret opens the book to its caster alone, with the same data as a new turn.
      if (text.startsWith('Décret')) return t('dbn_decret_open');
      return typeof d.turn === 'number' ? t('dbn_book_open', { n: d.turn }) : null;
    case 'book-closed': {
      if (d.closer === null) return t('dbn_book_closed_itself');
      const name = seatName(names, d.closer);
      return name ? t('dbn_book_closed', { name }) : null;
    }
    case 'written': {
      const name = seatName(names, d.seat);
      return name ? t('dbn_written', { name }) : null;
    }
    case 'your-formula':
      return narrateYourFormula(d);
    case 'reveal':
      return narrateReveal(d, names);
    case 'moved':
      return narrateMoved(d, names);
    case 'drew': {
      const name = seatName(names, d.seat);
      if (!name || typeof d.count !== 'number' || d.count < 1) return null;
      return d.count === 1 ? t('dbn_drew_one', { name }) : t('dbn_drew', { name, n: d.count });
    }
    case 'drawn-cards': {
      if (!Array.isArray(d.cards) || d.cards.length === 0) return null;
      const cards = d.cards.map(cardName);
      return cards.every((c) => c) ? t('dbn_drawn_cards', { cards: cards.join(', ') }) : null;
    }
    case 'kept': {
      const card = cardName(d.card);
      return card ? t('dbn_kept', { card }) : null;
    }
    case 'spell':
      return narrateSpell(d, names);
    case 'brouillard': {
      const name = seatName(names, d.seat);
      return name ? t('dbn_brouillard', { name }) : null;
    }
    case 'cancelled': {
      const card = cardName(d.card);
      if (!card) return null;
      const name = seatName(names, d.seat);
      return name ? t('dbn_cancelled', { name, card }) : t('dbn_cancelled_nobody', { card });
    }
    case 'spell-effect':
      return narrateSpellEffect(d, text, names);
    case 'curse':
      return typeof d.square === 'number' ? t('dbn_curse', { n: squareWord(d.square) }) : null;
    case 'race-over':
      return t('dbn_race_over');
  }
  return null;
}
