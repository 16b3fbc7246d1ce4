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
  assert.equal(allianceName('J+Q+K of spades'), 'Valet+Dame+Roi de pique');
  setLang('en');
});

test('log: unknown kinds or missing data keep the server text', () => {
  setLang('en');
  assert.equal(narrateSortileges({ seq: 1, kind: 'round-won', text: 'x', data: { seat: 1 } }, names), null);
  assert.equal(narrateSortileges({ seq: 1, kind: 'placed', text: 'x', data: {} }, names), null);
});

// The reveal as the engine writes its data (src/games/sortileges/view.cpp, reveal_json).
const reveal = {
  round: 1,
  demonicus: null,
  left: { card: 'AH', fate: 'won', winner: 1, by: 'Deuus', spells: [{ seat: 1, cards: ['4D', '10S', '4S'], spell: 'Deuus' }] },
  right: { card: 'JH', fate: 'under-gratin', winner: null, spells: [] },
};

test('log: round start, draw, reveal and end are told in French from their data', () => {
  setLang('fr');
  assert.equal(narrateSortileges({ seq: 0, kind: 'round-started', text: 'x', data: { round: 2, first_player: 1, couple_cards: 2, gratin_size: 12 } }, names), 'Manche 2 : deux cartes du Gratin sont posées face cachée comme couple ; Circé joue en premier.');
  assert.equal(narrateSortileges({ seq: 0, kind: 'round-started', text: 'x', data: { round: 7, first_player: 0, couple_cards: 1, gratin_size: 0 } }, names), 'Manche 7 : la dernière carte du Gratin est posée seule, face cachée ; Morgane joue en premier.');
  assert.equal(narrateSortileges({ seq: 3, kind: 'drawn', text: 'x', data: { seat: 0, cards: ['10H', '7S'] } }, names), 'Vous piochez 10♥ et 7♠.');
  assert.equal(
    narrateSortileges({ seq: 9, kind: 'round-revealed', text: 'x', data: reveal }, names),
    'Manche 1 révélée : la carte couple de gauche est A♥, gagnée par Circé avec Deuus (4♦ 10♠ 4♠) ; la carte couple de droite est J♥, que personne ne gagne : elle retourne face cachée sous le Gratin.',
  );
  assert.equal(narrateSortileges({ seq: 40, kind: 'game-over', text: 'x', data: { scores: [3, 4], ranks: [2, 1] } }, names), 'La partie est finie : le Gratin est vide.');
  setLang('en');
});

test('log: a reveal by Demonicus, and a card removed, in English', () => {
  setLang('en');
  const demonicus = { ...reveal, demonicus: 0, left: { ...reveal.left, winner: 0, by: 'Demonicus' }, right: { card: 'JH', fate: 'removed', winner: null, spells: [] } };
  assert.equal(
    narrateSortileges({ seq: 9, kind: 'round-revealed', text: 'x', data: demonicus }, names),
    'Round 1 revealed: the left couple card is A♥, taken by the Demonicus of Morgane; the right couple card is J♥, unclaimed and removed from the game.',
  );
  // A seat the page has no name for is told as the page numbers seats, from 1, never as the
  // server's "Seat 5".
  assert.equal(
    narrateSortileges({ seq: 9, kind: 'round-revealed', text: 'x', data: { ...reveal, left: { ...reveal.left, winner: 5 }, right: { card: 'JH', fate: 'removed', winner: null, spells: [] } } }, names),
    'Round 1 revealed: the left couple card is A♥, won by Seat 6 with Deuus (); the right couple card is J♥, unclaimed and removed from the game.',
  );
  assert.equal(narrateSortileges({ seq: 2, kind: 'placed', text: 'Seat 3 places…', data: { seat: 3, card: '7H', side: 'right' } }, names), 'Seat 4 places 7♥ under the right couple card.');
  assert.equal(allianceName('J+Q+K of hearts'), 'J+Q+K of hearts');
});
