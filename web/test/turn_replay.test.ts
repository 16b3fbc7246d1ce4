// Requirements: the tab's title says when the seat gets moves it did not have; changing
// whose eyes a replay shows keeps the moment of the game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newActions, titleText } from '../src/table/turn';
import { sameMoment, type ReplayAnswer } from '../src/replay/replay';
import type { StateMsg } from '../src/protocol/types';

test('turn: the moves that are new since the last state start a turn (a reaction window too)', () => {
  assert.deepEqual(newActions([], ['pass', 'play 2C']), ['pass', 'play 2C']);
  assert.deepEqual(newActions(['pass', 'play 2C'], ['pass', 'play 2C']), []);
  assert.deepEqual(newActions(['pass'], ['pass', 'parry']), ['parry']);
  assert.deepEqual(newActions(['pass'], []), []);
});

test('turn: the title is flagged while it is the seat’s move, and plain otherwise', () => {
  assert.equal(titleText('Table abc · Sabbat', 'Your move'), '● Your move · Table abc · Sabbat');
  assert.equal(titleText('Table abc · Sabbat', null), 'Table abc · Sabbat');
});

const step = (seq: number, time: number): StateMsg => ({ type: 'state', seq, time, snapshot: seq === 0, view: {}, events: [], actors: [], legal: [], deadline: null, you: 0 }) as unknown as StateMsg;
const answer = (steps: [number, number][]): ReplayAnswer => ({ game: 'bal-des-sorcieres', players: 3, seat: 0, steps: steps.map(([s, t]) => step(s, t)), result: null });

test('replay: other eyes show the same moment, matched by time when seats were told different actions', () => {
  // Seat 0 was told one action of its own (seq 2 at time 300) that the spectator never saw.
  const seat0 = answer([[0, 0], [1, 100], [2, 300], [3, 500], [4, 900]]);
  const spectator = answer([[0, 0], [1, 100], [2, 500], [3, 900]]);
  assert.equal(sameMoment(seat0, 0, spectator), 0);
  assert.equal(sameMoment(seat0, 1, spectator), 1);
  assert.equal(sameMoment(seat0, 2, spectator), 1, 'the private answer: the spectator stays before it');
  assert.equal(sameMoment(seat0, 3, spectator), 2);
  assert.equal(sameMoment(spectator, 2, seat0), 3);
  assert.equal(sameMoment(seat0, 4, spectator), 3, 'the end stays the end');
});
