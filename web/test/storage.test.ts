// The tokens kept in the browser: the home page lists the tables held, and forgets a dismissed one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore, Tokens } from '../src/protocol/storage';

// Requirement (coming back): the tables this browser holds a seat at are listed by code, from
// the stored seat tokens only (a damaged entry or another key is not a table).
test('storage: seatTables lists the tables with a seat token', () => {
  const store = new MemoryStore();
  const tokens = new Tokens(store);
  tokens.saveSeat('bbbbbbbbbbbbbbbb', { seat: 1, token: 't1' });
  tokens.saveSeat('aaaaaaaaaaaaaaaa', { seat: 0, token: 't0' });
  tokens.saveOwner('cccccccccccccccc', 'o');
  store.setItem('sabbat.seat.dddddddddddddddd', 'not json');
  store.setItem('sabbat.name', 'Morgane');
  assert.deepEqual(tokens.seatTables(), ['aaaaaaaaaaaaaaaa', 'bbbbbbbbbbbbbbbb']);
});

// Requirement (coming back): dismissing a table forgets its seat and owner tokens, nothing else.
test('storage: forgetTable drops the seat and the owner token of that table only', () => {
  const store = new MemoryStore();
  const tokens = new Tokens(store);
  tokens.saveSeat('aaaaaaaaaaaaaaaa', { seat: 0, token: 't0' });
  tokens.saveOwner('aaaaaaaaaaaaaaaa', 'o');
  tokens.saveSeat('bbbbbbbbbbbbbbbb', { seat: 1, token: 't1' });
  tokens.forgetTable('aaaaaaaaaaaaaaaa');
  assert.equal(tokens.seat('aaaaaaaaaaaaaaaa'), null);
  assert.equal(tokens.owner('aaaaaaaaaaaaaaaa'), null);
  assert.deepEqual(tokens.seatTables(), ['bbbbbbbbbbbbbbbb']);
});
