// The log in the page's language: Sortilèges events are told from their data; kinds the page
// does not know keep the server's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { allianceName, narrateSortileges } from '../src/games/sortileges/narrate';

const names = ['Morgane', 'Circé'];

test('log: a placement is told in French with the name, the card and the side', () => {
  setLang('fr');
  assert.equal(narrateSortileges({ seq: 1, kind: 'placed', text: 'x', data: { seat: 1, card: '7H', side: 'left' } }, names), 'Circé pose 7♥ sous la carte couple de gauche.');
  assert.equal(narrateSortileges({ seq: 1, kind: 'discarded', text: 'x', data: { seat: 1 } }, names), 'Circé défausse une carte face cachée.');
  assert.equal(narrateSortileges({ seq: 1, kind: 'discarded', text: 'x', data: { seat: 0, card: '10S' } }, names), 'Vous défaussez 10♠ face cachée.');
  assert.equal(allianceName('four kings'), 'quatre rois');
  assert.equal(allianceName('J+Q+K of spades'), 'J+Q+K of spades');
  setLang('en');
});

test('log: unknown kinds or missing data keep the server text', () => {
  setLang('en');
  assert.equal(narrateSortileges({ seq: 1, kind: 'round-won', text: 'x', data: { seat: 1 } }, names), null);
  assert.equal(narrateSortileges({ seq: 1, kind: 'placed', text: 'x', data: {} }, names), null);
});
