// The result's score breakdown of Du Balai !: « les cartes Acrobatie aérienne sont révélées à
// la fin du jeu ». A witch's entry in another seat's view holds her acrobatics alone (`acrobatics`),
// her own entry (and every entry when the table shows the hands at the end) her whole hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acrobaticsOf } from '../src/games/du-balai/cards';

test('breakdown: another seat reads the acrobatics revealed at the end', () => {
  // Alice (seat 0) as Bob (seat 1) receives her at the end of the race.
  const alice = { seat: 0, square: 22, finish_order: 0, magie_noire: 2, acrobatics: ['acrobatie-3'] };
  assert.deepEqual(acrobaticsOf(alice), ['acrobatie-3']);
});

test('breakdown: her own entry, or any when the hands are shown, reads them from the hand', () => {
  const own = { seat: 1, hand: ['decret', 'acrobatie-1', 'acrobatie-2'] };
  assert.deepEqual(acrobaticsOf(own), ['acrobatie-1', 'acrobatie-2']);
});

test('breakdown: a witch without acrobatics shows none', () => {
  assert.deepEqual(acrobaticsOf({ acrobatics: [] }), []);
  assert.deepEqual(acrobaticsOf({ hand: ['decret'] }), []);
  assert.deepEqual(acrobaticsOf({}), []);
});
