// Requirement (seats counted from 1 everywhere a person reads): a log line no narrator tells
// shows the server's English text, whose seats count from 0; the page names the seat, or
// numbers it from 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seatsFromOne } from '../src/games/seat_text';
import { boardFor } from '../src/games/registry';
import { setLang } from '../src/i18n/i18n';

test('seat text: the server\'s "Seat 1" is the second seat, named, or seat 2', () => {
  assert.equal(seatsFromOne('Seat 1 did not place her in time', ['Morgane', 'Circé']), 'Circé did not place her in time');
  assert.equal(seatsFromOne('it is seat 2 to play', ['Morgane', 'Circé']), 'it is seat 3 to play');
  assert.equal(seatsFromOne('Seats 1 and 2; seated 3', []), 'Seats 1 and 2; seated 3');
});

test('seat text: every game\'s log shows an unknown event with its seats from 1', () => {
  setLang('en');
  for (const id of ['sortileges', 'du-balai', 'baba-yaga', 'bal-des-sorcieres']) {
    const told = boardFor(id)!.narrate!({ seq: 1, kind: 'no-such-kind', text: 'Seat 0 waits for seat 3', data: {} } as any, ['Morgane']);
    assert.equal(told, 'Morgane waits for seat 4', id);
  }
});
