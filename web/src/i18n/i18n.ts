// French and English for every string the page shows. Card, spell and symbol names keep their
// French names in both languages. The browser's language decides at first; the switch wins
// after that (kept in localStorage). Each language's catalog is a script of its own, fetched
// when the page first needs it (`loadLang`), so that a visit downloads one language, not two.
import type { en } from './en';

export type Lang = 'en' | 'fr';
export type Key = keyof typeof en;
export type Catalog = Record<Key, string>;

const catalogs: Partial<Record<Lang, Catalog>> = {};

let current: Lang = 'en';

// Makes `l`'s catalog usable; the page calls it through `loadLang`, the unit tests directly.
export function addCatalog(l: Lang, catalog: Catalog): void {
  catalogs[l] = catalog;
}

// Fetches `l`'s catalog once (a separate script of the build). Call before `setLang(l)`.
export async function loadLang(l: Lang): Promise<void> {
  if (catalogs[l]) return;
  addCatalog(l, l === 'fr' ? (await import('./fr')).fr : (await import('./en')).en);
}

export function detectLang(saved: string | null, browser: readonly string[]): Lang {
  if (saved === 'en' || saved === 'fr') return saved;
  for (const l of browser) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

export function setLang(l: Lang): void {
  if (!catalogs[l]) throw new Error(`setLang('${l}') before its catalog is loaded`);
  current = l;
}
export function lang(): Lang {
  return current;
}

// `t('seat_n', { n: 2 })`: {name} placeholders are replaced by the values given.
// `{n|point|points}` is the word for the count n, by the language's plural rules (French says
// "0 point", "1 point", "2 points"; English "1 point", "0 points"). In French, "de {name}" and
// "à {name}" are contracted with the value: "d’Alice", "du Bal des Sorcières", "au Bal".
export function t(key: Key, vars?: Record<string, string | number>): string {
  return fill(catalogs[current]?.[key] ?? key, vars, current);
}

export function fill(template: string, vars: Record<string, string | number> | undefined, l: Lang): string {
  if (!vars) return template;
  let s = template.replace(/\{(\w+)\|([^|{}]*)\|([^|{}]*)\}/g, (m, k: string, one: string, other: string) => (k in vars ? plural(l, Number(vars[k]), one, other) : m));
  if (l === 'fr') s = s.replace(/(^|[\s(])(de|à|que) \{(\w+)\}/g, (m, pre: string, word: string, k: string) => (k in vars ? pre + contract(word as 'de' | 'à' | 'que', String(vars[k])) : m));
  for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

const pluralRules: Partial<Record<Lang, Intl.PluralRules>> = {};
// The word for n things: one or other, by the plural rules of the language.
export function plural(l: Lang, n: number, one: string, other: string): string {
  const r = (pluralRules[l] ??= new Intl.PluralRules(l));
  return Number.isFinite(n) && r.select(n) === 'one' ? one : other;
}

// French contraction of "de", "à" or "que" with what follows: elision before a vowel sound
// ("d’Alice", "qu’Ève"), and the article of a title ("de Le Bal" is "du Bal", "à Les" "aux").
// A leading h is left alone (it may be aspirated: "de Hugo").
export function contract(word: 'de' | 'à' | 'que', what: string): string {
  const art = /^(Le|Les) (.*)$/.exec(what);
  if (art && word !== 'que') {
    const plural = art[1] === 'Les';
    const joined = word === 'de' ? (plural ? 'des' : 'du') : plural ? 'aux' : 'au';
    return `${joined} ${art[2]}`;
  }
  if (word !== 'à' && /^[aeiouyàâäéèêëîïôöûüœæ]/i.test(what)) return `${word === 'de' ? 'd’' : 'qu’'}${what}`;
  return `${word} ${what}`;
}

// A key built from data (a parameter name, a card id); the fallback when it has none.
export function tMaybe(key: string, fallback: string, vars?: Record<string, string | number>): string {
  return key in (catalogs[current] ?? {}) ? t(key as Key, vars) : fallback;
}
