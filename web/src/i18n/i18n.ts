// French and English for every string the page shows. Card, spell and symbol names keep their
// French names in both languages. The browser's language decides at first; the switch wins
// after that (kept in localStorage).
import { en } from './en';
import { fr } from './fr';

export type Lang = 'en' | 'fr';
export type Key = keyof typeof en;
export type Catalog = Record<Key, string>;

export const catalogs: Record<Lang, Catalog> = { en, fr };

let current: Lang = 'en';

export function detectLang(saved: string | null, browser: readonly string[]): Lang {
  if (saved === 'en' || saved === 'fr') return saved;
  for (const l of browser) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return base;
  }
  return 'en';
}

export function setLang(l: Lang): void {
  current = l;
}
export function lang(): Lang {
  return current;
}

// `t('seat_n', { n: 2 })`: {name} placeholders are replaced by the values given.
export function t(key: Key, vars?: Record<string, string | number>): string {
  let s = catalogs[current][key] ?? catalogs.en[key] ?? key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

// A key built from data (a parameter name, a card id); the fallback when it has none.
export function tMaybe(key: string, fallback: string, vars?: Record<string, string | number>): string {
  return key in catalogs.en ? t(key as Key, vars) : fallback;
}
