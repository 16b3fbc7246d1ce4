// Requirement (issue "Words and numbers a person reads"): everything a person reads on the English
// page of Baba Yaga and Le Bal des Sorcières is English: the ingredients, effects, levels, spells,
// potions' ingredients and witch sheets have English names in the English catalogs, the log tells
// the server's events (whose texts carry French names) with them, and the French page keeps the
// rule book's names, written with French typography. A French name may stand beside an English
// one in parentheses (the lists of effects and spells, the table form), nowhere else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setLang } from '../src/i18n/i18n';
import { babaYagaEn } from '../src/i18n/baba_yaga_en';
import { babaYagaFr } from '../src/i18n/baba_yaga_fr';
import { balEn } from '../src/i18n/bal_en';
import { balFr } from '../src/i18n/bal_fr';
import { EFFECTS, effectName, frenchBeside, hintMeaning, INGREDIENTS, ingredientName, ingredientShort, LEVELS, levelName } from '../src/games/baba-yaga/data';
import { narrateBabaYaga } from '../src/games/baba-yaga/narrate';
import { formulaMeaning, ingredientName as potionIngredient, INGREDIENTS as POTION_INGREDIENTS, kindName, spellName, SPELLS, spellsName, WITCHES, witchName } from '../src/games/bal-des-sorcieres/data';
import { narrateBal } from '../src/games/bal-des-sorcieres/narrate';
import { balMoment, balWhy } from '../src/games/bal-des-sorcieres/explain';
import { choiceLabel, paramHelp, paramLabel } from '../src/lobby/params';
import type { ParamSpec } from '../src/protocol/types';

const engine = (game: string, file: string) => readFileSync(join(process.cwd(), '..', 'src', 'games', game, file), 'utf8');
// A C++ string literal's text, its \u escapes decoded.
const decode = (s: string) => JSON.parse(`"${s}"`) as string;
// Names compared as the server and French typography write them: any space, any apostrophe.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");
const line = (kind: string, text: string, data: unknown = {}) => ({ seq: 1, kind, text, data });

// --- Baba Yaga ---

const byEngine = engine('baba-yaga', 'data.cpp');
const byIngredients = [...byEngine.matchAll(/\{"([^"]+)", "([A-Z][a-z])", \d\}/g)].map((m) => ({ name: decode(m[1]), short: m[2] }));
const byEffects = [...(/kEffectNames\{([^}]*)\}/.exec(byEngine)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => decode(m[1]));
const byHints = [...(/kHintTable\{([^}]*)\}/.exec(byEngine)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map((m) => decode(m[1]));

// Every French name of Baba Yaga a person could read, as the server writes them.
const BY_FRENCH = [...byIngredients.map((i) => i.name), ...byEffects, ...Object.values(LEVELS), ...byHints, 'Maison'];

test('baba-yaga names: the engine’s 16 ingredients and 7 effects, each with an English and a French name', () => {
  assert.equal(byIngredients.length, 16);
  assert.equal(byEffects.length, 7);
  assert.deepEqual(INGREDIENTS.map((i) => [i.name, i.short]), byIngredients.map((i) => [i.name, i.short]));
  assert.deepEqual(EFFECTS.map((e) => e.name), byEffects);
  const en = babaYagaEn as Record<string, string>;
  const fr = babaYagaFr as Record<string, string>;
  for (const i of INGREDIENTS) {
    const english = en[`by_ing_${i.id}`];
    assert.ok(english, `no English name for ${i.name}`);
    assert.notEqual(plain(english), plain(i.name), `${i.name} is not translated`);
    assert.equal(plain(fr[`by_ing_${i.id}`]), i.name, `the French catalog keeps ${i.name}`);
    assert.match(en[`by_short_${i.id}`], /^[A-Z][a-z]$/);
    assert.ok(english.toLowerCase().includes(en[`by_short_${i.id}`].toLowerCase()), `${english}: its two letters ${en[`by_short_${i.id}`]} come from its name`);
    assert.equal(fr[`by_short_${i.id}`], i.short, 'the French letters are the terminal’s');
  }
  // Two letters tell one ingredient on a small tile: none twice in a language.
  assert.equal(new Set(INGREDIENTS.map((i) => en[`by_short_${i.id}`])).size, 16);
  assert.equal(new Set(INGREDIENTS.map((i) => en[`by_ing_${i.id}`])).size, 16);
  for (const e of EFFECTS) {
    const key = `by_fx_${e.id.replace(/-/g, '_')}`;
    assert.ok(en[key] && plain(en[key]) !== e.name, `${e.name} has an English name`);
    assert.equal(plain(fr[key]), e.name, `the French catalog keeps ${e.name}`);
    assert.ok(fr[key].endsWith('\u202f!'), `${fr[key]}: a narrow no-break space before !`);
  }
  for (const slug of Object.keys(LEVELS)) {
    const key = `choice_baba_yaga_level_${slug.replace(/-/g, '_')}`;
    assert.notEqual(plain(en[key]), LEVELS[slug], `level ${slug} has an English name`);
    assert.equal(plain(fr[key]), LEVELS[slug]);
  }
});

test('baba-yaga names: each name in the page’s language, from the French name or id the server sends', () => {
  setLang('en');
  assert.equal(ingredientName('Dent de loup'), 'Wolf’s Tooth');
  assert.equal(ingredientName("Griffe d'ours"), 'Bear’s Claw');
  assert.equal(ingredientShort('Dent de loup', 'Lo'), 'Wo');
  assert.equal(ingredientShort(undefined, 'Lo'), 'Wo', 'the letters alone are enough');
  assert.equal(effectName('Lumière aveuglante !'), 'Blinding Light!');
  assert.equal(effectName('tout-petit'), 'Teeny Tiny!');
  assert.equal(effectName('Tout petit\u202f!'), 'Teeny Tiny!', 'French typography is the same name');
  assert.equal(levelName('sauve-qui-peut'), 'Every Witch for Herself!');
  assert.equal(hintMeaning('Une odeur de four'), 'A smell of baking: Black Bread or Wild Honey');
  assert.equal(frenchBeside('Lumière aveuglante !'), 'Lumière aveuglante\u202f!');
  // What the page does not know is shown as it came.
  assert.equal(ingredientName('Bave de crapaud'), 'Bave de crapaud');
  assert.equal(effectName('Sort inconnu !'), 'Sort inconnu !');
  setLang('fr');
  assert.equal(ingredientName('Dent de loup'), 'Dent de loup');
  assert.equal(ingredientShort('Dent de loup', 'Lo'), 'Lo');
  assert.equal(effectName('Lumière aveuglante !'), 'Lumière aveuglante\u202f!');
  assert.equal(levelName('balade'), 'Balade en forêt');
  assert.equal(frenchBeside('Lumière aveuglante !'), null, 'no French beside French');
  setLang('en');
});

const names = ['Morgane', 'Circé', 'Hécate'];

// Events as the server writes them (src/games/baba-yaga/state.cpp, apply.cpp, forced.cpp).
const BY_EVENTS = [
  line('turn', 'Turn 9: seat 0 searches the forest; 3 ingredients needed; Lumière aveuglante ! hides half of the forest from her', { need: 3, searcher: 0, turn: 9 }),
  line('turn', 'Turn 10: seat 1 searches the forest; 3 ingredients needed; Tout petit ! shows her the forest small', { need: 3, searcher: 1, turn: 10 }),
  line('cast', 'Baba Yaga is home: seat 0 casts Grosse fatigue ! (3 ingredients found)', { card: 18, found: 3, seat: 0 }),
  line('cast', 'Baba Yaga is home: seat 1 casts Plus vite que le vent ! (3 ingredients found)', { card: 5, found: 3, seat: 1 }),
  line('no-target', 'Lumière aveuglante ! has no opponent it may target; its effect is lost', { card: 2 }),
  line('targeted', 'Tout petit ! lies in front of seat 2 for her next turn as searcher', { effect: 'tout-petit', seat: 2 }),
  line('swapped', 'Brouillard bizarre !: B2 and D4 swap places', { cells: ['B2', 'D4'] }),
  line('maison', 'The Maison now stands on D4', { cell: 'D4' }),
  line('maison-later', 'Pattes de poulet ! waits for her next turn', {}),
];

test('baba-yaga log: no French name on the English page; the French page keeps them', () => {
  setLang('en');
  const told = BY_EVENTS.map((e) => narrateBabaYaga(e, names));
  for (const [i, s] of told.entries()) {
    assert.ok(s, `${BY_EVENTS[i].kind} is told`);
    for (const fr of BY_FRENCH) assert.ok(!plain(s!).includes(fr), `"${s}" says ${fr}`);
  }
  assert.equal(told[0], 'Turn 9: Morgane searches the forest; 3 ingredients needed. Blinding Light! hides half of the forest from her.');
  assert.equal(told[2], 'Baba Yaga is home: Morgane casts Dead Tired! (3 ingredients found).');
  assert.equal(told[4], 'Blinding Light! has no opponent it may target; its effect is lost.');
  assert.equal(told[5], 'Teeny Tiny! lies in front of Hécate for her next turn as searcher.');
  assert.equal(told[7], 'The Hut now stands on D4.');
  // A cast whose text names no effect the page knows: the card's effect (card k has effect k mod 7).
  assert.equal(narrateBabaYaga(line('cast', 'Baba Yaga is home: seat 2 casts ??? (4 ingredients found)', { card: 13, found: 4, seat: 2 }), names), 'Baba Yaga is home: Hécate casts Chicken Legs! (4 ingredients found).');
  // A targeted event without its id: the French name of its text, looked up.
  assert.equal(narrateBabaYaga(line('targeted', 'Grosse fatigue ! lies in front of seat 1 for her next turn as searcher', { seat: 1 }), names), 'Dead Tired! lies in front of Circé for her next turn as searcher.');
  setLang('fr');
  const fr = BY_EVENTS.map((e) => plain(narrateBabaYaga(e, names)!));
  assert.ok(fr[0].includes('Lumière aveuglante !'), fr[0]);
  assert.ok(fr[2].includes('Grosse fatigue !'), fr[2]);
  assert.ok(fr[4].startsWith('Lumière aveuglante !'), fr[4]);
  assert.ok(fr[5].startsWith('Tout petit !'), fr[5]);
  assert.ok(fr[7].includes('Maison'), fr[7]);
  setLang('en');
});

test('baba-yaga: the English catalog names nothing in French, but beside its English name', () => {
  for (const [k, s] of Object.entries(babaYagaEn)) {
    const bare = s.replace(/\([^()]*\)/g, '');
    for (const fr of BY_FRENCH) assert.ok(!plain(bare).includes(fr), `en ${k}: "${s}" says ${fr}`);
  }
  // The table form's levels say the rule book's name beside the English one.
  for (const name of Object.values(LEVELS)) assert.ok(plain(babaYagaEn.param_baba_yaga_level_help).includes(`(${name})`), name);
});

// --- Le Bal des Sorcières ---

const balEngine = engine('bal-des-sorcieres', 'data.cpp');
const balHeader = engine('bal-des-sorcieres', 'data.hpp');
const balIngredients = [...balEngine.matchAll(/constexpr std::array<std::string_view, \d> k(?:Gris|Bleu|Vert|Jaune|Rouge)\{([^}]*)\}/g)].flatMap((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((x) => decode(x[1])));
const balSpells = [...balHeader.matchAll(/\{"([^"]*)", "([a-z]+)", \d+, Level::\w+\}/g)].slice(5).map((m) => ({ name: decode(m[1]), slug: m[2] }));

// Every French name of Le Bal a person could read, but those English writes alike.
const BAL_FRENCH = [...balSpells.map((s) => s.name), ...balIngredients, ...WITCHES].filter((n) => n !== 'Abracadabra' && n !== 'Ursule Pustule');

test('bal names: the engine’s 15 spells, 25 ingredients and 6 witches, each with an English and a French name', () => {
  assert.equal(balSpells.length, 15);
  assert.equal(balIngredients.length, 25);
  assert.deepEqual(Object.entries(SPELLS).map(([slug, name]) => ({ name, slug })), balSpells);
  assert.deepEqual(POTION_INGREDIENTS.map((i) => i.name), balIngredients);
  const en = balEn as Record<string, string>;
  const fr = balFr as Record<string, string>;
  for (const s of balSpells) {
    assert.ok(en[`bal_spell_${s.slug}`], `no English name for ${s.name}`);
    if (s.slug !== 'abracadabra') assert.notEqual(plain(en[`bal_spell_${s.slug}`]), s.name, `${s.name} is not translated`);
    assert.equal(plain(fr[`bal_spell_${s.slug}`]), s.name, `the French catalog keeps ${s.name}`);
  }
  for (const i of POTION_INGREDIENTS) {
    assert.ok(en[i.key] && plain(en[i.key]) !== i.name, `${i.name} has an English name`);
    assert.equal(plain(fr[i.key]), i.name);
  }
  WITCHES.forEach((w, i) => {
    assert.ok(en[`bal_witch_${i}`], `${w} has an English name`);
    assert.equal(fr[`bal_witch_${i}`], w);
  });
  assert.equal(new Set(balSpells.map((s) => en[`bal_spell_${s.slug}`])).size, 15);
});

test('bal names: spells, ingredients and witches in the page’s language', () => {
  setLang('en');
  assert.equal(spellName('nananere'), 'My Turn, Nyah-Nyah!');
  assert.equal(kindName('boule'), 'Crystal Ball');
  assert.equal(spellsName('sortilege + tresor'), 'Sorcery + Magic Treasure');
  assert.equal(potionIngredient('Larme de dragon'), 'Dragon’s Tear');
  assert.equal(potionIngredient('\u0152il de crapaud'), 'Toad’s Eye');
  assert.equal(witchName('Edmée Nez Crochu'), 'Edmée Hook-Nose');
  assert.equal(formulaMeaning('Trésor magique'), 'Magic Treasure', 'a formula to read says what it is');
  assert.equal(formulaMeaning('Queue de lézard'), 'Lizard’s Tail');
  assert.equal(witchName('Morgane la Fée'), 'Morgane la Fée', 'an unknown sheet as it came');
  setLang('fr');
  assert.equal(spellName('nananere'), 'À moi, nananère\u202f!');
  assert.equal(kindName('boule'), 'Boule de cristal');
  assert.equal(potionIngredient('Larme de dragon'), 'Larme de dragon');
  assert.equal(witchName('Edmée Nez Crochu'), 'Edmée Nez Crochu');
  assert.equal(formulaMeaning('Trésor magique'), null);
  setLang('en');
});

// Lines as the server writes them (src/games/bal-des-sorcieres/rules.cpp, legal.cpp): every move
// that names a spell, and the events whose texts name one.
const BAL_EVENTS = [
  ...['attack 2 with 2 rouge + fantome', 'attack 0 with 1 vert + envoutement', 'attack 2 with 1 jaune + enchantement', 'attack 2 with 1 jaune + diablotin', 'attack all with 1 gris + sortilege + tresor', 'attack all with 1 bleu + sortilege', 'parry + remede', 'parry with abracadabra', 'parry + tour', 'balai 2', 'baguette', 'lutin', 'lutin + tresor', 'throw boule', 'drop miroir', 'discard nananere', 'give diablotin', 'nananere', 'boule', 'miroir 2'].map((a) => line('played', `Seat 1: ${a}`)),
  line('farce', 'Seat 2 draws two farce tokens.'),
  line('farce', 'Seat 2 draws two farce tokens: both white, the farce fails.'),
  line('nananere', "Seat 2 plays À moi, nananère ! and attacks in seat 0's place."),
  line('miroir', 'Seat 1 plays Mon beau miroir: the attack will be doubled on seat 2.'),
  line('doubled', 'The doubled attack of Mon beau miroir falls on seat 2.'),
  line('boule', 'Seat 0 plays Boule de cristal: she and her neighbours each lay a card face down.'),
  line('boule-done', 'The Boule de cristal cards change hands.'),
];

test('bal log and aid: no French spell name on the English page; the French page keeps them', () => {
  setLang('en');
  for (const e of BAL_EVENTS) {
    const s = narrateBal(e, names);
    assert.ok(s, `${e.text} is told`);
    for (const fr of BAL_FRENCH) assert.ok(!plain(s!).includes(fr), `"${s}" says ${fr}`);
    assert.doesNotMatch(s!, /\bfarce\b/, `"${s}": a farce is a prank in English`);
  }
  assert.equal(narrateBal(BAL_EVENTS[4], names), 'Circé casts Sorcery on every witch with 1 grey potion and Magic Treasure.');
  assert.equal(narrateBal(line('played', 'Seat 1: parry + tour'), names), 'Circé parries and plays Magic Trick.');
  // The aid's lines, from the same events.
  const why = [
    ...balWhy([line('played', 'Seat 0: attack 1 with 1 bleu'), line('window-closed', 'The reaction window closes: seat 2 answers.'), line('played', 'Seat 2: miroir 0'), line('miroir', 'Seat 2 plays Mon beau miroir: the attack will be doubled on seat 0.')], names),
    ...balWhy([line('played', 'Seat 0: attack 1 with 1 rouge + fantome'), line('played', 'Seat 1: parry')], names),
    ...balMoment({ phase: 'window', round: 1, tour: 1, carabosse: 1, first_player: 0, window: { kind: 'turn', cards: ['nananere', 'boule'], asked: false, opened: 0, until: 3000, min_until: 1000 } }, [], names),
  ];
  assert.ok(why.length >= 4, why.join('\n'));
  for (const s of why) for (const fr of BAL_FRENCH) assert.ok(!plain(s).includes(fr), `"${s}" says ${fr}`);
  setLang('fr');
  assert.equal(narrateBal(line('played', 'Seat 1: nananere'), names), 'Circé joue À moi, nananère\u202f!');
  assert.ok(narrateBal(BAL_EVENTS[0], names)!.includes('Fantôme'));
  assert.ok(narrateBal(line('played', 'Seat 1: baguette'), names)!.includes('Baguette magique'));
  setLang('en');
});

test('bal: the English catalog names no French card, ingredient or witch, nor a farce, but beside its English name', () => {
  for (const [k, s] of Object.entries(balEn)) {
    const bare = s.replace(/\([^()]*\)/g, '');
    for (const fr of BAL_FRENCH) assert.ok(!plain(bare).includes(fr), `en ${k}: "${s}" says ${fr}`);
    assert.doesNotMatch(s, /\b[Ff]arces?\b/, `en ${k}: "${s}"`);
    assert.doesNotMatch(s, /\bthe Bal\b|\bBal\b(?! des)/, `en ${k}: "${s}" says Bal`);
  }
});

test('baba-yaga table form: its levels and its forced moves in the page’s language, never the raw name', () => {
  const level = { name: 'level_0', kind: 'choice', default: 'cours-toujours', choices: ['balade', 'cours-toujours', 'sauve-qui-peut'] } as unknown as ParamSpec;
  const forced = { name: 'forced_moves', kind: 'choice', default: 'played', choices: ['played', 'asked'], description: 'played: a spell aimed at an opponent when only one may be targeted is aimed at her by the table' } as unknown as ParamSpec;
  setLang('en');
  assert.deepEqual(['balade', 'cours-toujours', 'sauve-qui-peut'].map((v) => choiceLabel('baba-yaga', level, v)), ['A Walk in the Woods', 'Keep Running!', 'Every Witch for Herself!']);
  assert.equal(paramLabel('baba-yaga', forced), 'Forced moves');
  assert.match(paramHelp('baba-yaga', forced), /Blinding Light!/);
  assert.equal(choiceLabel('baba-yaga', forced, 'played'), 'played by the table');
  setLang('fr');
  assert.equal(choiceLabel('baba-yaga', level, 'sauve-qui-peut'), 'Sauve qui peut\u202f!');
  assert.equal(paramLabel('baba-yaga', forced), 'Coups forcés');
  assert.equal(choiceLabel('baba-yaga', forced, 'asked'), 'demandés, comme avant');
  setLang('en');
});
