// A seat's legal actions as the server describes them (docs/protocol.md, `state`): the texts of
// `legal`, and the families of `legal_forms` (a text built from a prefix and picks of words),
// sent where listing them would take thousands of texts (a Du Balai ! formula).
import type { LegalForm, StateMsg } from './types';

// The words of `text`, or null when it is not written the canonical way (one space between
// words, none around).
function words(text: string): string[] | null {
  const w = text.split(' ');
  return w.some((x) => x === '') ? null : w;
}

// Whether `text` is one of the texts `form` describes: its prefix, then for each pick that is
// made its `word` (if any) and from 1 to max of its words (at least min), each once, in the
// order of `of`; with `distinct`, no word is picked twice in the whole text.
export function formMatches(form: LegalForm, text: string): boolean {
  const w = words(text);
  const head = words(form.prefix);
  if (!w || !head || w.length < head.length || head.some((x, i) => w[i] !== x)) return false;
  let at = head.length;
  const picked = new Set<string>();
  for (const pick of form.picks) {
    if (pick.word) {
      if (w[at] === pick.word) at++;
      else if (pick.optional) continue;
      else return false;
    }
    let from = 0;
    let n = 0;
    while (at < w.length) {
      const i = pick.of.indexOf(w[at], from);
      if (i < 0) break;
      if (form.distinct && picked.has(w[at])) return false;
      picked.add(w[at]);
      from = i + 1;
      at++;
      n++;
    }
    if (n < pick.min || n > pick.max) return false;
  }
  return at === w.length;
}

// Whether the server offered `text` to this seat: in `legal`, or described by a form.
export function offered(state: Pick<StateMsg, 'legal' | 'legal_forms'>, text: string): boolean {
  return state.legal.includes(text) || (state.legal_forms ?? []).some((f) => formMatches(f, text));
}

// Whether the seat has anything to play.
export function hasLegal(state: Pick<StateMsg, 'legal' | 'legal_forms'>): boolean {
  return state.legal.length > 0 || (state.legal_forms ?? []).length > 0;
}

// The text a form makes of chosen words (their order does not matter): the prefix, then the
// first pick's words in the order of `of`, or null when that is not a text of the form.
export function firstPickText(form: LegalForm, chosen: Set<string>): string | null {
  const pick = form.picks[0];
  if (!pick || [...chosen].some((x) => !pick.of.includes(x))) return null;
  const text = [form.prefix, ...pick.of.filter((x) => chosen.has(x))].join(' ');
  return formMatches(form, text) ? text : null;
}

// One line per legal action or form, to tell when new ones appear (the turn signal).
export function legalKeys(state: Pick<StateMsg, 'legal' | 'legal_forms'>): string[] {
  return [...state.legal, ...(state.legal_forms ?? []).map((f) => `form ${JSON.stringify(f)}`)];
}
