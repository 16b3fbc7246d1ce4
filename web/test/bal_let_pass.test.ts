// Le Bal des Sorcières, "letting every window pass" (docs/rules/bal-des-sorcieres.md): while
// the witch has chosen it, the page answers `pass` when a reaction window asks her, and only
// then; the choice is kept per table and seat.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { letPassKey, shouldLetPass } from '../src/games/bal-des-sorcieres/LetPass';

test('let every window pass: the page passes only when a window asks her and she chose it', () => {
  assert.equal(shouldLetPass(true, 'window', ['nananere', 'pass'], false), true);
  assert.equal(shouldLetPass(false, 'window', ['nananere', 'pass'], false), false, 'not chosen: she is asked');
  assert.equal(shouldLetPass(true, 'window', [], false), false, 'a window that does not ask her');
  assert.equal(shouldLetPass(true, 'window', ['pass'], true), false, 'an action already on its way');
  // "pass" outside a window is a turn's move (she has no attack): never sent for her.
  assert.equal(shouldLetPass(true, 'attack', ['pass'], false), false);
});

test('let every window pass: the choice belongs to one table and one seat', () => {
  assert.notEqual(letPassKey('ABCD', 0), letPassKey('ABCD', 1));
  assert.notEqual(letPassKey('ABCD', 0), letPassKey('EFGH', 0));
});
