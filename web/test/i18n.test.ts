// Requirement: every string exists in French and in English, with the same
// placeholders, and every key the page uses is in the catalogs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from './catalogs';
import { detectLang, setLang, t } from '../src/i18n/i18n';

const placeholders = (s: string) => (s.match(/\{[a-z]+\}/g) ?? []).sort();

test('i18n: every key exists in both languages, non-empty, with the same placeholders', () => {
  const en = Object.keys(catalogs.en).sort();
  const fr = Object.keys(catalogs.fr).sort();
  assert.deepEqual(fr, en);
  for (const k of en) {
    const a = (catalogs.en as any)[k] as string;
    const b = (catalogs.fr as any)[k] as string;
    assert.ok(a.trim() && b.trim(), `empty text for ${k}`);
    assert.deepEqual(placeholders(b), placeholders(a), `placeholders of ${k}`);
  }
});

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(n)) out.push(p);
  }
  return out;
}

test('i18n: every literal key passed to t() is in the catalogs', () => {
  const root = join(process.cwd(), 'src');
  const missing: string[] = [];
  for (const f of sources(root)) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\bt\('([a-z0-9_]+)'/g)) if (!(m[1] in catalogs.en)) missing.push(`${f}: ${m[1]}`);
    for (const m of text.matchAll(/'((?:db|mn|spell)_[a-z0-9_]+)'/g)) if (!(m[1] in catalogs.en)) missing.push(`${f}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('i18n: the browser language decides unless the switch chose', () => {
  assert.equal(detectLang(null, ['fr-FR', 'en']), 'fr');
  assert.equal(detectLang(null, ['de-DE', 'en-GB']), 'en');
  assert.equal(detectLang(null, ['de']), 'en');
  assert.equal(detectLang('fr', ['en-US']), 'fr');
});

test('i18n: placeholders are filled; card names stay French in both languages', () => {
  setLang('fr');
  assert.equal(t('seat_n', { n: 3 }), 'Place 3');
  assert.match(t('mn_brouillard'), /annulez/);
  setLang('en');
  assert.equal(t('seat_n', { n: 3 }), 'Seat 3');
  assert.equal(t('db_keep', { card: 'Vent arrière' }), 'Keep Vent arrière');
});
