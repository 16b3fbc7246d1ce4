// Du Balai ! keys are the terminal's (Space closes, 1–9 pick, Enter writes) and only ever pick
// an action the server listed as legal or described by a form.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draftText, emptyDraft, formulaFor, keyAction, offersSecond, toggleCard, type Draft } from '../src/games/du-balai/keys';
import { formMatches } from '../src/protocol/legal';
import { pickedText } from '../src/games/du-balai/why';
import { setLang, t } from '../src/i18n/i18n';

const writing = ['formula none', 'formula zaam', 'formula boulga', 'formula zaam boulga', 'formula zaam stella', 'play decret'];
const d = (first: string[] = [], second: string[] = [], slot: Draft['slot'] = 'first'): Draft => ({ first: new Set(first), second: new Set(second), slot });

test('du-balai keys: Space closes the book only when the server offers it', () => {
  assert.deepEqual(keyAction(' ', ['close-book'], d(), []), { kind: 'act', action: 'close-book' });
  assert.deepEqual(keyAction(' ', [], d(), []), { kind: 'none' });
});

test('du-balai keys: 1–9 pick the symbols in the terminal order while writing', () => {
  assert.deepEqual(keyAction('1', writing, d(), []), { kind: 'draft', draft: d(['zaam']) });
  assert.deepEqual(keyAction('9', writing, d(['zaam']), []), { kind: 'draft', draft: d(['zaam', 'stella']) });
  assert.deepEqual(keyAction('1', writing, d(['zaam']), []), { kind: 'draft', draft: d() }, 'a second press puts the card back');
});

test('du-balai keys: Enter writes the legal formula holding exactly the picked cards, in any order', () => {
  assert.equal(formulaFor(writing, new Set(['stella', 'zaam'])), 'formula zaam stella');
  assert.deepEqual(keyAction('Enter', writing, d(['boulga', 'zaam']), []), { kind: 'act', action: 'formula zaam boulga' });
  assert.deepEqual(keyAction('Enter', writing, d(['glou']), []), { kind: 'none' }, 'not offered');
  assert.equal(formulaFor(writing, new Set()), null);
});

test('du-balai keys: n writes nothing, d plays Décret, x clears', () => {
  assert.deepEqual(keyAction('n', writing, d(), []), { kind: 'act', action: 'formula none' });
  assert.deepEqual(keyAction('d', writing, d(), []), { kind: 'act', action: 'play decret' });
  assert.deepEqual(keyAction('x', writing, d(['zaam']), []), { kind: 'draft', draft: d() });
});

test('du-balai keys: the old second-formula verb is not a writing action any more', () => {
  assert.deepEqual(keyAction('Enter', ['second-formula glou'], d(['glou']), []), { kind: 'none' });
  assert.equal(formulaFor(['second-formula glou'], new Set(['glou'])), null);
});

test('du-balai keys: outside writing, 1–9 choose from the menu, p passes, b answers with Brouillard, d plays Double-jeu', () => {
  const legal = ['keep blocage', 'keep decret', 'pass', 'brouillard'];
  assert.deepEqual(keyAction('2', legal, d(), ['keep blocage', 'keep decret']), { kind: 'act', action: 'keep decret' });
  assert.deepEqual(keyAction('3', legal, d(), ['keep blocage', 'keep decret']), { kind: 'none' });
  assert.deepEqual(keyAction('p', legal, d(), []), { kind: 'act', action: 'pass' });
  assert.deepEqual(keyAction('b', legal, d(), []), { kind: 'act', action: 'brouillard' });
  assert.deepEqual(keyAction('d', ['pass', 'play double-jeu'], d(), []), { kind: 'act', action: 'play double-jeu' });
  assert.deepEqual(keyAction('6', ['start 5', 'start 6', 'start 7'], d(), []), { kind: 'act', action: 'start 6' });
});

// The server describes a writing phase by a form (docs/protocol.md, `legal_forms`) instead of
// listing 511 formulas: the builder offers exactly the form's texts.
const CARDS = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
const formula = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }] };
const withSecond = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }, { word: 'second', of: CARDS, min: 1, max: 9, optional: true }], distinct: true };

test('du-balai keys: with a form, Enter writes any non-empty set of the cards, in the order of the form', () => {
  const listed = ['formula none', 'play decret'];
  assert.equal(formulaFor(listed, new Set(['stella', 'glou', 'zaam']), [formula]), 'formula zaam glou stella');
  assert.deepEqual(keyAction('Enter', listed, d(['boulga']), [], [formula]), { kind: 'act', action: 'formula boulga' });
  assert.deepEqual(keyAction('1', listed, d(), [], [formula]), { kind: 'draft', draft: d(['zaam']) });
  assert.deepEqual(keyAction('n', listed, d(), [], [formula]), { kind: 'act', action: 'formula none' });
  assert.equal(formulaFor(listed, new Set(), [formula]), null, 'writing nothing is its own key');
  assert.equal(formulaFor(listed, new Set(['second']), [formula]), null, 'not a card of the form');
});

test('du-balai keys: the closer, offered only the form, still writes; with Double-jeu the first formula alone is legal', () => {
  assert.deepEqual(keyAction('Enter', [], d(['biii']), [], [formula]), { kind: 'act', action: 'formula biii' });
  assert.equal(formulaFor([], new Set(CARDS), [withSecond]), `formula ${CARDS.join(' ')}`);
});

// Double-jeu (docs/rules/du-balai.md): « vous pouvez écrire 2 formules »; the second takes the
// cards left and is written in the same action as the first, `formula A second B`.
test('Double-jeu: the builder offers a second formula only when the form has the optional `second` pick', () => {
  assert.equal(offersSecond([withSecond]), true);
  assert.equal(offersSecond([formula]), false);
  assert.equal(offersSecond([]), false);
  // Without the pick, a second formula is never written, even if picked.
  assert.equal(draftText(['formula none'], d(['zaam'], ['glou']), [formula]), 'formula zaam');
});

test('Double-jeu: both formulas go in one action, each in the order of the form, exactly as the form accepts it', () => {
  const text = formulaFor([], new Set(['biii', 'zaam']), [withSecond], new Set(['stella', 'glou']));
  assert.equal(text, 'formula zaam biii second glou stella');
  assert.ok(formMatches(withSecond, text!));
  assert.equal(draftText(['formula none'], d(['biii', 'zaam'], ['glou']), [withSecond]), 'formula zaam biii second glou');
  assert.equal(draftText([], d(['zaam'], []), [withSecond]), 'formula zaam', 'no second formula: the first alone');
});

test('Double-jeu: a card in both formulas, a second formula without a first or with a word outside the form is never sent', () => {
  assert.equal(formulaFor([], new Set(['zaam']), [withSecond], new Set(['zaam'])), null);
  assert.equal(formulaFor([], new Set(), [withSecond], new Set(['glou'])), null);
  assert.equal(formulaFor([], new Set(['zaam']), [withSecond], new Set(['second'])), null);
  assert.equal(formulaFor([], new Set(['zaam']), [formula], new Set(['glou'])), null, 'no second pick in the form');
  assert.equal(formulaFor(['formula zaam'], new Set(['zaam']), [], new Set(['glou'])), null, 'nor from a plain list');
});

test('Double-jeu: a card of one formula cannot be picked for the other (the second takes the cards left)', () => {
  const draft = d(['zaam'], ['glou'], 'second');
  assert.equal(toggleCard(draft, 'zaam'), draft);
  assert.deepEqual(toggleCard(draft, 'biii'), d(['zaam'], ['glou', 'biii'], 'second'));
  assert.deepEqual(toggleCard(draft, 'glou'), d(['zaam'], [], 'second'));
  assert.deepEqual(toggleCard({ ...draft, slot: 'first' }, 'glou'), { ...draft, slot: 'first' });
  assert.deepEqual(keyAction('1', [], draft, [], [withSecond]), { kind: 'none' }, 'key 1 is zaam, in formula 1');
  assert.deepEqual(keyAction('4', [], draft, [], [withSecond]), { kind: 'draft', draft: d(['zaam'], [], 'second') });
});

test('Double-jeu keys, as in the terminal: Enter sets formula 1, 1–9 pick formula 2, Enter writes both, n the first alone', () => {
  const listed = ['formula none'];
  let r = keyAction('Enter', listed, d(), [], [withSecond]);
  assert.deepEqual(r, { kind: 'none' }, 'no card picked');
  r = keyAction('Enter', listed, d(['zaam', 'biii']), [], [withSecond]);
  assert.deepEqual(r, { kind: 'draft', draft: d(['zaam', 'biii'], [], 'second') });
  r = keyAction('4', listed, d(['zaam', 'biii'], [], 'second'), [], [withSecond]);
  assert.deepEqual(r, { kind: 'draft', draft: d(['zaam', 'biii'], ['glou'], 'second') });
  assert.deepEqual(keyAction('Enter', listed, d(['zaam', 'biii'], ['glou'], 'second'), [], [withSecond]), { kind: 'act', action: 'formula zaam biii second glou' });
  assert.deepEqual(keyAction('n', listed, d(['zaam', 'biii'], ['glou'], 'second'), [], [withSecond]), { kind: 'act', action: 'formula zaam biii' });
  assert.deepEqual(keyAction('Enter', listed, d(['zaam'], [], 'second'), [], [withSecond]), { kind: 'act', action: 'formula zaam' });
  // n in formula 1 still writes nothing; x clears the formula being built; Escape on an empty
  // formula 2 goes back to formula 1.
  assert.deepEqual(keyAction('n', listed, d(['zaam']), [], [withSecond]), { kind: 'act', action: 'formula none' });
  assert.deepEqual(keyAction('x', listed, d(['zaam'], ['glou'], 'second'), [], [withSecond]), { kind: 'draft', draft: d(['zaam'], [], 'second') });
  assert.deepEqual(keyAction('Escape', listed, d(['zaam'], [], 'second'), [], [withSecond]), { kind: 'draft', draft: d(['zaam'], [], 'first') });
  // The closer (no `formula none`) with no card has nothing for n to write.
  assert.deepEqual(keyAction('n', [], d(), [], [withSecond]), { kind: 'none' });
  assert.deepEqual(emptyDraft(), d());
});

test('Double-jeu: the builder explains the card and the second formula in English and French', () => {
  setLang('en');
  assert.equal(
    t('dbr_second'),
    'Double Play in hand: you may also write a second formula from the cards left, sent with the first. It counts only if you play Double Play at your move; then the two must come out one orange and one black, or you fall off your broom and do not move.',
  );
  assert.equal(pickedText({ picked: 2, writable: true, closer: false, second: true }), 'Formula 2, 2 cards: it counts only if you play Double Play at your move.');
  assert.equal(pickedText({ picked: 0, writable: false, closer: true, second: true }), 'No card in formula 2: Write sends formula 1 alone.', 'not the closer’s empty-formula line');
  assert.equal(pickedText({ picked: 1, writable: false, closer: false, second: true }), 'That set of cards cannot be written now.');
  setLang('fr');
  assert.equal(
    t('dbr_second'),
    'Double-jeu en main\u00a0: vous pouvez aussi écrire une seconde formule avec les cartes restantes, envoyée avec la première. Elle ne compte que si vous jouez Double-jeu à votre déplacement\u202f; les deux doivent alors sortir l’une orange, l’autre noire, sinon vous tombez de votre balai et n’avancez pas.',
  );
  assert.equal(pickedText({ picked: 1, writable: true, closer: false, second: true }), 'Formule 2, 1 carte\u00a0: elle ne compte que si vous jouez Double-jeu à votre déplacement.');
  assert.equal(pickedText({ picked: 0, writable: false, closer: false, second: true }), 'Aucune carte dans la formule 2\u00a0: Écrire envoie la formule 1 seule.');
  assert.equal(t('dbj_write_both'), 'Écrire les deux');
  assert.match(t('dbj_keys'), /^Touches\u00a0: Entrée valide la formule 1, puis 1–9 choisissent la formule 2\u202f; /);
  setLang('en');
  assert.equal(t('dbj_formula_2'), 'Formula 2 (Double Play)');
});
