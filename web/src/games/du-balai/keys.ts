// The terminal's keys, turned into canonical action texts. Whether an action is allowed is the
// server's to say: a key only ever picks one of the texts in `legal` or of its forms.
import { firstPickText, formMatches } from '../../protocol/legal';
import type { LegalForm } from '../../protocol/types';
import { SYMBOLS } from './symbols';

// The words of a formula action ("formula zaam glou" → ["zaam","glou"]), or null.
export function formulaWords(action: string): string[] | null {
  if (!action.startsWith('formula ')) return null;
  const rest = action.slice('formula '.length).trim();
  if (rest === 'none') return [];
  return rest.split(/[\s,+]+/).filter(Boolean);
}

// Whether the seat may write a formula now: listed in `legal`, or as the prefix of a form (the
// server describes the formulas rather than listing them).
export function writingVerb(legal: string[], forms: LegalForm[] = []): 'formula' | null {
  if (legal.some((a) => a.startsWith('formula ')) || forms.some((f) => f.prefix === 'formula')) return 'formula';
  return null;
}

// The formula form's optional second pick (`second`), offered to a witch holding Double-jeu:
// a second formula from the cards left, written in the same action as the first.
function secondPick(form: LegalForm) {
  return form.picks.length === 2 && form.picks[1].word === 'second' && form.picks[1].optional ? form.picks[1] : null;
}

// Whether the server lets her write a second formula (Double-jeu in hand).
export function offersSecond(forms: LegalForm[] = []): boolean {
  return forms.some((f) => f.prefix === 'formula' && !!secondPick(f));
}

// The legal action writing exactly the picked cards (order does not matter), or null. With a
// non-empty `second`, the action writing both formulas (`formula zaam biii second glou`), as
// the form accepts it: the cards of each in the order of its pick, none in both.
export function formulaFor(legal: string[], picks: Set<string>, forms: LegalForm[] = [], second: Set<string> = new Set()): string | null {
  // Writing nothing is its own choice (key n), never an Enter with no card picked.
  if (!writingVerb(legal, forms) || picks.size === 0) return null;
  for (const f of forms) {
    if (f.prefix !== 'formula') continue;
    const first = firstPickText(f, picks);
    if (!first) continue;
    if (second.size === 0) return first;
    const pick = secondPick(f);
    if (!pick || [...second].some((x) => !pick.of.includes(x))) continue;
    const text = [first, pick.word, ...pick.of.filter((x) => second.has(x))].join(' ');
    if (formMatches(f, text)) return text;
  }
  if (second.size > 0) return null;
  for (const a of legal) {
    const w = formulaWords(a);
    if (w && w.length === picks.size && w.every((x) => picks.has(x))) return a;
  }
  return null;
}

// What the builder holds: the cards of her formula, of her second formula (Double-jeu), and
// which of the two the cards she picks go to.
export interface Draft {
  first: Set<string>;
  second: Set<string>;
  slot: 'first' | 'second';
}

export const emptyDraft = (): Draft => ({ first: new Set(), second: new Set(), slot: 'first' });

// A card picked or put back in the formula being built. A card of the other formula stays
// there: the second formula takes the cards left (the draft comes back unchanged).
export function toggleCard(d: Draft, word: string): Draft {
  const mine = d.slot === 'first' ? d.first : d.second;
  const other = d.slot === 'first' ? d.second : d.first;
  if (other.has(word)) return d;
  const n = new Set(mine);
  if (n.has(word)) n.delete(word);
  else n.add(word);
  return d.slot === 'first' ? { ...d, first: n } : { ...d, second: n };
}

// The action the Write button sends: the first formula alone, or both.
export function draftText(legal: string[], d: Draft, forms: LegalForm[] = []): string | null {
  return formulaFor(legal, d.first, forms, offersSecond(forms) ? d.second : new Set());
}

export type KeyResult =
  | { kind: 'act'; action: string }
  | { kind: 'draft'; draft: Draft }
  | { kind: 'none' };

// What a key does now. `menu` is the list of other actions shown with numbers 1–9. While
// writing with Double-jeu in hand, as in the terminal: Enter sets the first formula and the
// picks go to the second; Enter again writes both, n writes the first alone; Escape or
// Backspace on an empty second formula goes back to the first.
export function keyAction(key: string, legal: string[], draft: Draft, menu: string[], forms: LegalForm[] = []): KeyResult {
  const has = (a: string) => legal.includes(a);
  const verb = writingVerb(legal, forms);
  if ((key === ' ' || key === 'c') && has('close-book')) return { kind: 'act', action: 'close-book' };
  if (/^[5-7]$/.test(key) && has(`start ${key}`)) return { kind: 'act', action: `start ${key}` };
  if (verb) {
    const two = offersSecond(forms);
    const inSecond = two && draft.slot === 'second';
    if (/^[1-9]$/.test(key)) {
      const next = toggleCard(inSecond ? draft : { ...draft, slot: 'first' }, SYMBOLS[Number(key) - 1].word);
      return next === draft ? { kind: 'none' } : { kind: 'draft', draft: next };
    }
    if (key === 'Enter') {
      if (two && !inSecond) return draft.first.size > 0 && formulaFor(legal, draft.first, forms) ? { kind: 'draft', draft: { ...draft, slot: 'second' } } : { kind: 'none' };
      const a = draftText(legal, draft, forms);
      return a ? { kind: 'act', action: a } : { kind: 'none' };
    }
    if (key === 'x' || key === 'Backspace' || key === 'Escape') {
      if (inSecond && draft.second.size === 0 && key !== 'x') return { kind: 'draft', draft: { ...draft, slot: 'first' } };
      return { kind: 'draft', draft: inSecond ? { ...draft, second: new Set() } : { ...draft, first: new Set() } };
    }
    if (key === 'n') {
      if (inSecond) {
        const a = formulaFor(legal, draft.first, forms);
        return a ? { kind: 'act', action: a } : { kind: 'none' };
      }
      if (has('formula none')) return { kind: 'act', action: 'formula none' };
      return { kind: 'none' };
    }
    if (key === 'd' && has('play decret')) return { kind: 'act', action: 'play decret' };
    return { kind: 'none' };
  }
  if (key === 'p' && has('pass')) return { kind: 'act', action: 'pass' };
  if (key === 'b' && has('brouillard')) return { kind: 'act', action: 'brouillard' };
  if (key === 'd' && has('play double-jeu')) return { kind: 'act', action: 'play double-jeu' };
  if (/^[1-9]$/.test(key) && Number(key) <= menu.length) return { kind: 'act', action: menu[Number(key) - 1] };
  return { kind: 'none' };
}
