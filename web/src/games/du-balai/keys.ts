// The terminal's keys, turned into canonical action texts. Whether an action is allowed is the
// server's to say: a key only ever picks one of the texts in `legal`.
import { firstPickText } from '../../protocol/legal';
import type { LegalForm } from '../../protocol/types';
import { SYMBOLS } from './symbols';

// The words of a formula action ("formula zaam glou" → ["zaam","glou"]), or null.
export function formulaWords(action: string, verb: 'formula' | 'second-formula'): string[] | null {
  if (!action.startsWith(verb + ' ')) return null;
  const rest = action.slice(verb.length + 1).trim();
  if (rest === 'none') return [];
  return rest.split(/[\s,+]+/).filter(Boolean);
}

// The writing verb offered now, if any: in `legal`, or as the prefix of a form (the server
// describes the formulas rather than listing them).
export function writingVerb(legal: string[], forms: LegalForm[] = []): 'formula' | 'second-formula' | null {
  if (legal.some((a) => a.startsWith('second-formula '))) return 'second-formula';
  if (legal.some((a) => a.startsWith('formula ')) || forms.some((f) => f.prefix === 'formula')) return 'formula';
  return null;
}

// The legal action writing exactly the picked cards (order does not matter), or null.
export function formulaFor(legal: string[], picks: Set<string>, forms: LegalForm[] = []): string | null {
  const verb = writingVerb(legal, forms);
  // Writing nothing is its own choice (key n), never an Enter with no card picked.
  if (!verb || picks.size === 0) return null;
  for (const f of forms) {
    const a = f.prefix === verb ? firstPickText(f, picks) : null;
    if (a) return a;
  }
  for (const a of legal) {
    const w = formulaWords(a, verb);
    if (w && w.length === picks.size && w.every((x) => picks.has(x))) return a;
  }
  return null;
}

export type KeyResult =
  | { kind: 'act'; action: string }
  | { kind: 'toggle'; word: string }
  | { kind: 'clear' }
  | { kind: 'none' };

// What a key does now. `menu` is the list of other actions shown with numbers 1–9.
export function keyAction(key: string, legal: string[], picks: Set<string>, menu: string[], forms: LegalForm[] = []): KeyResult {
  const has = (a: string) => legal.includes(a);
  const verb = writingVerb(legal, forms);
  if ((key === ' ' || key === 'c') && has('close-book')) return { kind: 'act', action: 'close-book' };
  if (/^[5-7]$/.test(key) && has(`start ${key}`)) return { kind: 'act', action: `start ${key}` };
  if (verb) {
    if (/^[1-9]$/.test(key)) return { kind: 'toggle', word: SYMBOLS[Number(key) - 1].word };
    if (key === 'Enter') {
      const a = formulaFor(legal, picks, forms);
      return a ? { kind: 'act', action: a } : { kind: 'none' };
    }
    if (key === 'x' || key === 'Backspace' || key === 'Escape') return { kind: 'clear' };
    if (key === 'n' && has(`${verb} none`)) return { kind: 'act', action: `${verb} none` };
    if (key === 'd' && has('play decret')) return { kind: 'act', action: 'play decret' };
    return { kind: 'none' };
  }
  if (key === 'p' && has('pass')) return { kind: 'act', action: 'pass' };
  if (key === 'b' && has('brouillard')) return { kind: 'act', action: 'brouillard' };
  if (key === 'd' && has('play double-jeu')) return { kind: 'act', action: 'play double-jeu' };
  if (/^[1-9]$/.test(key) && Number(key) <= menu.length) return { kind: 'act', action: menu[Number(key) - 1] };
  return { kind: 'none' };
}
