// Baba Yaga's keys are the terminal's (docs/rules/baba-yaga.md, "The screen") and only ever
// pick an action the server listed as legal; a click on a tile goes through the same choice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellAction, keyAction, takesTile, type KeyPending } from '../src/games/baba-yaga/keys';

const none: KeyPending = { column: null, first: null };
const col = (c: string): KeyPending => ({ column: c, first: null });
const searching = ['turn A1', 'turn B1', 'turn B2', 'turn D4', 'turn E5'];

test('baba-yaga keys: Enter is ready only during the study, when offered', () => {
  assert.deepEqual(keyAction('Enter', ['ready'], none), { kind: 'act', action: 'ready' });
  assert.deepEqual(keyAction('Enter', [], none), { kind: 'none' });
  assert.deepEqual(keyAction('Enter', searching, none), { kind: 'none' });
});

test('baba-yaga keys: n e s w place Baba Yaga; e is east, not a column, while placing', () => {
  const placing = ['place north', 'place east', 'place south', 'place west'];
  assert.deepEqual(keyAction('n', placing, none), { kind: 'act', action: 'place north' });
  assert.deepEqual(keyAction('e', placing, none), { kind: 'act', action: 'place east' });
  assert.deepEqual(keyAction('s', placing, none), { kind: 'act', action: 'place south' });
  assert.deepEqual(keyAction('w', placing, none), { kind: 'act', action: 'place west' });
  assert.deepEqual(keyAction('n', searching, none), { kind: 'none' }, 'nothing to place');
});

test('baba-yaga keys: a column letter then a row digit turns that tile, only when offered', () => {
  assert.deepEqual(keyAction('b', searching, none), { kind: 'column', column: 'B' });
  assert.deepEqual(keyAction('2', searching, col('B')), { kind: 'act', action: 'turn B2' });
  assert.deepEqual(keyAction('e', searching, none), { kind: 'column', column: 'E' }, 'e is a column while searching');
  assert.deepEqual(keyAction('5', searching, col('E')), { kind: 'act', action: 'turn E5' });
  assert.deepEqual(keyAction('B', searching, none), { kind: 'column', column: 'B' }, 'capitals too');
  assert.deepEqual(keyAction('3', searching, col('C')), { kind: 'clear' }, 'C3 is path: nothing sent, the typing is forgotten');
  assert.deepEqual(keyAction('2', searching, none), { kind: 'none' }, 'a digit alone names nothing');
  assert.deepEqual(keyAction('b', ['move'], none), { kind: 'none' }, 'no tile offered: letters do nothing');
});

test('baba-yaga keys: x or Backspace turns the wrong tile back; naming it does too', () => {
  assert.deepEqual(keyAction('x', ['back B1'], none), { kind: 'act', action: 'back B1' });
  assert.deepEqual(keyAction('Backspace', ['back B1'], none), { kind: 'act', action: 'back B1' });
  assert.deepEqual(keyAction('x', searching, none), { kind: 'none' });
  assert.deepEqual(keyAction('1', ['back B1'], col('B')), { kind: 'act', action: 'back B1' });
  assert.deepEqual(cellAction(['back B1'], 'A1', null), { kind: 'none' }, 'no other tile while a wrong one shows');
});

test('baba-yaga keys: Space moves Baba Yaga; with two players f and j, the hand the server allows', () => {
  assert.deepEqual(keyAction(' ', ['move'], none), { kind: 'act', action: 'move' });
  assert.deepEqual(keyAction(' ', [], none), { kind: 'none' });
  assert.deepEqual(keyAction(' ', ['move left', 'move right'], none), { kind: 'none' }, 'two players: no plain move');
  assert.deepEqual(keyAction('f', ['move left', 'move right'], none), { kind: 'act', action: 'move left' });
  assert.deepEqual(keyAction('j', ['move right'], none), { kind: 'act', action: 'move right' });
  assert.deepEqual(keyAction('f', ['move right'], none), { kind: 'none' }, 'the same hand twice is not offered');
});

// Seats are counted from 1 where a person reads them: key 4 targets the server's seat 3.
test('baba-yaga keys: 1–5 target a seat the server allows, counted from 1; l keeps Pattes de poulet ! for later', () => {
  const targets = ['target 1', 'target 3'];
  assert.deepEqual(keyAction('4', targets, none), { kind: 'act', action: 'target 3' });
  assert.deepEqual(keyAction('2', targets, none), { kind: 'act', action: 'target 1' });
  assert.deepEqual(keyAction('3', targets, none), { kind: 'none' });
  assert.deepEqual(keyAction('0', targets, none), { kind: 'none' });
  const pattes = ['maison A1', 'maison B2', 'maison later'];
  assert.deepEqual(keyAction('l', pattes, none), { kind: 'act', action: 'maison later' });
  assert.deepEqual(keyAction('2', pattes, col('B')), { kind: 'act', action: 'maison B2' });
  assert.deepEqual(keyAction('l', searching, none), { kind: 'none' });
});

test('baba-yaga keys: Brouillard bizarre ! names two tiles, in either order', () => {
  const swaps = ['swap A1 B2', 'swap A1 E5', 'swap B2 E5'];
  assert.equal(takesTile(swaps), true);
  assert.deepEqual(keyAction('2', swaps, col('B')), { kind: 'first', cell: 'B2' });
  assert.deepEqual(keyAction('1', swaps, { column: 'A', first: 'B2' }), { kind: 'act', action: 'swap A1 B2' });
  assert.deepEqual(cellAction(swaps, 'E5', 'A1'), { kind: 'act', action: 'swap A1 E5' });
  assert.deepEqual(cellAction(swaps, 'B2', 'B2'), { kind: 'clear' }, 'the same tile again un-picks it');
  assert.deepEqual(cellAction(swaps, 'C3', null), { kind: 'none' });
});

test('baba-yaga keys: ? lists the keys, Escape forgets what was typed', () => {
  assert.deepEqual(keyAction('?', [], none), { kind: 'help' });
  assert.deepEqual(keyAction('Escape', searching, col('B')), { kind: 'clear' });
  assert.deepEqual(keyAction('Escape', searching, none), { kind: 'none' });
});

test('baba-yaga keys: whatever is pressed, an action sent is one of the legal ones', () => {
  const lists = [['ready'], ['place north', 'place west'], searching, ['back D4'], ['move'], ['move left'], ['target 2'], ['maison C1', 'maison later'], ['swap A1 B2']];
  const keys = ['Enter', ' ', 'x', 'Backspace', 'l', 'f', 'j', '?', 'Escape', ...'abcdenesw0123456789'];
  for (const legal of lists)
    for (const k of keys)
      for (const p of [none, col('A'), col('B'), col('C'), col('D'), col('E'), { column: 'B', first: 'A1' }]) {
        const r = keyAction(k, legal, p);
        if (r.kind === 'act') assert.ok(legal.includes(r.action), `${k} with ${JSON.stringify(p)} sent ${r.action}, not in ${legal}`);
      }
});
