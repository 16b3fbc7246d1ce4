// The page's names of Le Bal des Sorcières against the engine's content table
// (src/games/bal-des-sorcieres/data.hpp, the witches in data.cpp): every kind the engine deals has a slug the page
// knows, with its words in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from './catalogs';
import { setLang } from '../src/i18n/i18n';
import { cardsLine, COLOUR_COUNTS, COLOURS, groupByKind, potions, SPELLS, WITCHES } from '../src/games/bal-des-sorcieres/data';

const dir = join(process.cwd(), '..', 'src', 'games', 'bal-des-sorcieres');
const header = readFileSync(join(dir, 'data.hpp'), 'utf8');
const source = readFileSync(join(dir, 'data.cpp'), 'utf8');
// {"Tr\u00e9sor magique", "tresor", 5, Level::Facile}
const kinds = [...header.matchAll(/\{"[^"]*", "([a-z]+)", (\d+), Level::\w+\}/g)].map((m) => ({ slug: m[1], count: Number(m[2]) }));

test('bal data: the colours and spells are the engine’s, in its order, with its counts', () => {
  assert.equal(kinds.length, 20);
  assert.deepEqual(kinds.slice(0, 5).map((k) => k.slug), [...COLOURS]);
  assert.deepEqual(kinds.slice(0, 5).map((k) => k.count), COLOURS.map((c) => COLOUR_COUNTS[c]));
  assert.deepEqual(kinds.slice(5).map((k) => k.slug), Object.keys(SPELLS));
});

test('bal data: the witches are the engine’s six sheets', () => {
  const decoded = JSON.parse(`[${[...source.matchAll(/^\s+\{"([^"]+)"\},?$/gm)].map((m) => `"${m[1]}"`).join(',')}]`);
  assert.deepEqual(decoded, WITCHES);
});

test('bal data: every colour, spell and level has its words in both languages', () => {
  for (const lang of ['en', 'fr'] as const) {
    const cat = catalogs[lang] as Record<string, string>;
    for (const c of COLOURS) for (const k of [`bal_colour_${c}`, `bal_colour_f_${c}`, `bal_colour_fp_${c}`]) assert.ok(cat[k], `${lang} ${k}`);
    for (const s of Object.keys(SPELLS)) assert.ok(cat[`bal_effect_${s}`], `${lang} bal_effect_${s}`);
    for (const l of ['easy', 'medium', 'hard']) assert.ok(cat[`bal_level_${l}`] && cat[`choice_bal_des_sorcieres_level_${l}`], `${lang} level ${l}`);
  }
});

test('bal data: potions are counted and agree in French; cards are grouped by kind, rarest first', () => {
  setLang('fr');
  assert.equal(potions(1, 'bleu'), '1 potion bleue');
  assert.equal(potions(2, 'gris'), '2 potions grises');
  setLang('en');
  assert.equal(potions(2, 'vert'), '2 green potions');
  const cards = [
    { id: 100, kind: 'balai', name: 'Du balai' },
    { id: 50, kind: 'rouge', name: 'Sang de chauve-souris' },
    { id: 2, kind: 'gris', name: 'Cendre de phénix' },
    { id: 51, kind: 'rouge', name: 'Piment de sorcière' },
  ];
  assert.deepEqual(groupByKind(cards).map((g) => [g.kind, g.cards.length]), [['gris', 1], ['rouge', 2], ['balai', 1]]);
  assert.equal(cardsLine(cards), 'grey, 2 × red, Sweep Away');
  setLang('fr');
  assert.equal(cardsLine(cards), 'gris, 2 × rouge, Du balai');
  setLang('en');
});
