// The result's score breakdown of Du Balai !: « les cartes Acrobatie aérienne sont révélées à
// la fin du jeu ». A witch's entry in another seat's view holds her acrobatics alone (`acrobatics`),
// her own entry (and every entry when the table shows the hands at the end) her whole hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acrobaticsOf } from '../src/games/du-balai/cards';
import { breakdownText } from '../src/games/du-balai/breakdown';
import { setLang } from '../src/i18n/i18n';

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

// Requirement (the result says how each score is made): a witch across the line shows the 25
// her crossing scores beside her acrobatics, adding up to the total; the cards have English
// names on the English page.
test('breakdown: race points and acrobatics add up to the total, in the page\'s language', () => {
  const w = { seat: 0, square: 23, finish_order: 1, acrobatics: ['acrobatie-3'] };
  setLang('en');
  assert.equal(breakdownText(w, { race: 25, acrobatics: 3 }, 28), 'crossed the line (1): 25 points + acrobatics (Aerial Acrobatics (3)): 3 points = 28 points');
  assert.equal(breakdownText({ seat: 1, square: 14, finish_order: 0, acrobatics: [] }, { race: 14, acrobatics: 0 }, 14), 'square 14: 14 points + no acrobatics = 14 points');
  setLang('fr');
  assert.match(breakdownText(w, { race: 25, acrobatics: 3 }, 28), /25 points \+ .*Acrobatie aérienne \(3\).*3 points = 28 points$/);
  setLang('en');
});
