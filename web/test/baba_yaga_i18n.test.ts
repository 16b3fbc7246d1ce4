// Requirement: every string of the Baba Yaga page exists in French and in English; the keys
// its files pass to t() literally, or build from the view's words, are in the catalogs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from './catalogs';
import { babaYagaEn } from '../src/i18n/baba_yaga_en';
import { babaYagaFr } from '../src/i18n/baba_yaga_fr';
import { EFFECTS, effectHelpKey } from '../src/games/baba-yaga/data';

test('baba-yaga i18n: the same keys in both catalogs, all in the page catalogs', () => {
  assert.deepEqual(Object.keys(babaYagaFr).sort(), Object.keys(babaYagaEn).sort());
  for (const k of Object.keys(babaYagaEn)) assert.ok(k in catalogs.en && k in catalogs.fr, k);
});

test('baba-yaga i18n: every by_ key named in the game folder exists', () => {
  const dir = join(process.cwd(), 'src/games/baba-yaga');
  const missing: string[] = [];
  for (const f of readdirSync(dir)) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/'(by_[a-z0-9_]+)'/g)) if (!(m[1] in catalogs.en)) missing.push(`${f}: ${m[1]}`);
  }
  assert.deepEqual(missing, []);
});

test('baba-yaga i18n: the keys built from the view exist (effects, ends, halves, places)', () => {
  for (const e of EFFECTS) assert.ok(effectHelpKey(e.name) in catalogs.en, e.name);
  for (const end of ['north', 'east', 'south', 'west']) {
    assert.ok(`by_end_${end}` in catalogs.en);
    assert.ok(`by_place_${end}` in catalogs.en);
  }
  for (const h of ['left', 'right', 'top', 'bottom']) assert.ok(`by_half_${h}` in catalogs.en);
});
