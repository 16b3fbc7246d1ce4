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
