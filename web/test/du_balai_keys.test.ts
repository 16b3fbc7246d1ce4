// Du Balai ! keys are the terminal's (Space closes, 1–9 pick, Enter writes) and only ever pick
// an action the server listed as legal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formulaFor, keyAction } from '../src/games/du-balai/keys';

const writing = ['formula none', 'formula zaam', 'formula boulga', 'formula zaam boulga', 'formula zaam stella', 'play decret'];

test('du-balai keys: Space closes the book only when the server offers it', () => {
  assert.deepEqual(keyAction(' ', ['close-book'], new Set(), []), { kind: 'act', action: 'close-book' });
  assert.deepEqual(keyAction(' ', [], new Set(), []), { kind: 'none' });
});

test('du-balai keys: 1–9 pick the symbols in the terminal order while writing', () => {
  assert.deepEqual(keyAction('1', writing, new Set(), []), { kind: 'toggle', word: 'zaam' });
  assert.deepEqual(keyAction('9', writing, new Set(), []), { kind: 'toggle', word: 'stella' });
});

test('du-balai keys: Enter writes the legal formula holding exactly the picked cards, in any order', () => {
  assert.equal(formulaFor(writing, new Set(['stella', 'zaam'])), 'formula zaam stella');
  assert.deepEqual(keyAction('Enter', writing, new Set(['boulga', 'zaam']), []), { kind: 'act', action: 'formula zaam boulga' });
  assert.deepEqual(keyAction('Enter', writing, new Set(['glou']), []), { kind: 'none' }, 'not offered');
  assert.equal(formulaFor(writing, new Set()), null);
});

test('du-balai keys: n writes nothing, d plays Décret, x clears', () => {
  assert.deepEqual(keyAction('n', writing, new Set(), []), { kind: 'act', action: 'formula none' });
  assert.deepEqual(keyAction('d', writing, new Set(), []), { kind: 'act', action: 'play decret' });
  assert.deepEqual(keyAction('x', writing, new Set(['zaam']), []), { kind: 'clear' });
});

test('du-balai keys: a second formula uses its own verb', () => {
  const second = ['second-formula none', 'second-formula glou'];
  assert.deepEqual(keyAction('Enter', second, new Set(['glou']), []), { kind: 'act', action: 'second-formula glou' });
  assert.deepEqual(keyAction('n', second, new Set(), []), { kind: 'act', action: 'second-formula none' });
});

test('du-balai keys: outside writing, 1–9 choose from the menu, p passes, b answers with Brouillard', () => {
  const legal = ['keep blocage', 'keep decret', 'pass', 'brouillard'];
  assert.deepEqual(keyAction('2', legal, new Set(), ['keep blocage', 'keep decret']), { kind: 'act', action: 'keep decret' });
  assert.deepEqual(keyAction('3', legal, new Set(), ['keep blocage', 'keep decret']), { kind: 'none' });
  assert.deepEqual(keyAction('p', legal, new Set(), []), { kind: 'act', action: 'pass' });
  assert.deepEqual(keyAction('b', legal, new Set(), []), { kind: 'act', action: 'brouillard' });
  assert.deepEqual(keyAction('6', ['start 5', 'start 6', 'start 7'], new Set(), []), { kind: 'act', action: 'start 6' });
});

// The server describes a writing phase by a form (docs/protocol.md, `legal_forms`) instead of
// listing 511 formulas: the builder offers exactly the form's texts.
const CARDS = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
const formula = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }] };
const withSecond = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }, { word: 'second', of: CARDS, min: 1, max: 9, optional: true }], distinct: true };

test('du-balai keys: with a form, Enter writes any non-empty set of the cards, in the order of the form', () => {
  const listed = ['formula none', 'play decret'];
  assert.equal(formulaFor(listed, new Set(['stella', 'glou', 'zaam']), [formula]), 'formula zaam glou stella');
  assert.deepEqual(keyAction('Enter', listed, new Set(['boulga']), [], [formula]), { kind: 'act', action: 'formula boulga' });
  assert.deepEqual(keyAction('1', listed, new Set(), [], [formula]), { kind: 'toggle', word: 'zaam' });
  assert.deepEqual(keyAction('n', listed, new Set(), [], [formula]), { kind: 'act', action: 'formula none' });
  assert.equal(formulaFor(listed, new Set(), [formula]), null, 'writing nothing is its own key');
  assert.equal(formulaFor(listed, new Set(['second']), [formula]), null, 'not a card of the form');
});

test('du-balai keys: the closer, offered only the form, still writes; with Double-jeu the first formula alone is legal', () => {
  assert.deepEqual(keyAction('Enter', [], new Set(['biii']), [], [formula]), { kind: 'act', action: 'formula biii' });
  assert.equal(formulaFor([], new Set(CARDS), [withSecond]), `formula ${CARDS.join(' ')}`);
});
