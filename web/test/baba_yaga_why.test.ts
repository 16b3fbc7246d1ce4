// Baba Yaga's forest faces in the page's language with the two ingredients each stands for
// (docs/rules/baba-yaga.md, the table of forest faces), and the first-game aid's "why" of a
// spell's outcome (rule "Home": cast when the needed ingredients show and no wrong one does),
// told from the log every seat receives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { HINTS, hintMeaning, hintText } from '../src/games/baba-yaga/data';
import { spellWhy } from '../src/games/baba-yaga/why';

const names = ['Morgane', 'Circé', 'Hécate'];
const line = (kind: string, text: string, data: unknown) => ({ seq: 1, kind, text, data });

test('hints: every forest face says its two ingredients in the page’s language', () => {
  setLang('en');
  assert.equal(hintMeaning("Des griffures sur l'écorce"), 'Claw marks on the bark: Wolf’s Tooth or Bear’s Claw');
  assert.equal(hintText('Une odeur de four'), 'A smell of baking');
  setLang('fr');
  assert.equal(hintMeaning("Des griffures sur l'écorce"), 'Des griffures sur l’écorce\u00a0: Dent de loup ou Griffe d’ours');
  setLang('en');
  // Eight faces, sixteen ingredients, each on one face only.
  const all = HINTS.flatMap((h) => h.ingredients.map((i) => i[0]));
  assert.equal(HINTS.length, 8);
  assert.equal(new Set(all).size, 16);
  // A face the table does not know keeps the server's text.
  assert.equal(hintMeaning('Un bruit inconnu'), 'Un bruit inconnu');
});

const turn = line('turn', 'Turn 4: seat 1 searches the forest; 3 ingredients needed', { need: 3, searcher: 1, turn: 4 });
const placed = line('placed', 'Seat 2 places Baba Yaga at the north end; seat 1 reveals her spell', { end: 'north' });

test('why: a spell cast says the needed ingredients showed and no wrong one, in both languages', () => {
  const log = [turn, placed, line('cast', 'Baba Yaga is home: seat 1 casts Tout petit ! (3 ingredients found)', { card: 3, found: 3, seat: 1 })];
  setLang('en');
  assert.equal(spellWhy(log, names), 'Circé’s spell is cast: 3 of the 3 ingredients needed were face up when Baba Yaga came home, and no wrong one.');
  setLang('fr');
  assert.equal(spellWhy(log, names), 'Le sort de Circé est lancé\u00a0: 3 des 3 ingrédients demandés étaient face visible quand Baba Yaga est rentrée, et aucun mauvais.');
  setLang('en');
});

test('why: a spell fails for too few ingredients, or for a wrong one still showing', () => {
  const few = [turn, placed, line('failed', "Baba Yaga is home: seat 1's spell fails (2 of 3 ingredients found); the card goes under her pile", { card: 3, found: 2, seat: 1 })];
  assert.equal(spellWhy(few, names), 'Circé’s spell failed: only 2 of the 3 ingredients needed were face up when Baba Yaga came home. The card goes under her pile.');
  const wrong = [turn, placed, line('failed', "Baba Yaga is home: seat 1's spell fails (3 of 3 ingredients found, a wrong one showing); the card goes under her pile", { card: 3, found: 3, seat: 1 })];
  setLang('fr');
  assert.equal(
    spellWhy(wrong, names),
    'Le sort de Circé a échoué\u00a0: une tuile qui n’est pas sur son sort était encore face visible quand Baba Yaga est rentrée (3 sur 3 trouvés). Retournez tout de suite une mauvaise tuile.',
  );
  setLang('en');
});

test('why: gone once the next race starts, and nothing before any outcome', () => {
  const cast = line('cast', 'Baba Yaga is home: seat 1 casts Tout petit ! (3 ingredients found)', { card: 3, found: 3, seat: 1 });
  assert.equal(spellWhy([turn, placed], names), null);
  // A log that begins after the turn's start takes the count from the view.
  assert.match(spellWhy([cast], names, 3) ?? '', /^Circé’s spell is cast: 3 of the 3 /);
  assert.equal(spellWhy([cast], names), null);
  assert.notEqual(spellWhy([turn, placed, cast, line('turn', 'Turn 5: seat 2 searches the forest; 3 ingredients needed', { need: 3, searcher: 2, turn: 5 })], names), null);
  assert.equal(spellWhy([turn, placed, cast, line('turn', 'Turn 5', { need: 3, searcher: 2, turn: 5 }), placed], names), null);
});
