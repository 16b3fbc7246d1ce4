// Sortilèges: the tie-break said wherever a tie is shown (a couple card between two spells of one
// category, equal final scores), the first-game aid's why of each couple card, and the cards'
// captions in the page's language (docs/rules/sortileges.md, "Ties", "End of the game and
// scoring"). Everything comes from the public reveal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { scoreTies, sideTies, sideWhy, tieStep } from '../src/games/sortileges/explain';
import { cardName } from '../src/games/sortileges/Card';

const names = ['Morgane', 'Circé', 'Hécate', 'Ursule'];

test('tie-break: highest card, then the next, then the third, a missing card below any, then the suit of the highest', () => {
  assert.deepEqual(tieStep(['10C'], ['9S', '7H']), { step: 0, win: '10C', lose: '9S' });
  assert.deepEqual(tieStep(['3S', '3H', '10C'], ['4S', '4H', '2C']), { step: 0, win: '10C', lose: '4S' });
  assert.deepEqual(tieStep(['9S', '7H', '2C'], ['9C', '5H', '4D']), { step: 1, win: '7H', lose: '5H' });
  assert.deepEqual(tieStep(['9S', '7H', '3C'], ['9C', '7D', '2D']), { step: 2, win: '3C', lose: '2D' });
  // 10♦ 6♣ 2♥ beats 10♠ 6♠: the third card against none.
  assert.deepEqual(tieStep(['10D', '6C', '2H'], ['10S', '6S']), { step: 2, win: '2H', lose: null });
  assert.deepEqual(tieStep(['8S', '5D'], ['8H', '5C']), { step: 'suit', win: '8S', lose: '8H' });
  // Of two cards of one rank, the stronger suit is the highest card.
  assert.deepEqual(tieStep(['4D', '4S'], ['4H', '4C']), { step: 'suit', win: '4S', lose: '4H' });
});

// The last round of the fixture game (web/e2e/fixtures/sortileges-end.full.json).
const left = {
  card: 'KD',
  fate: 'won',
  winner: 2,
  by: 'Plumpus',
  spells: [
    { cards: ['6C'], seat: 0, spell: 'Plumpus' },
    { cards: ['7H', '9S'], seat: 1, spell: 'Plumpus' },
    { cards: ['10C'], seat: 2, spell: 'Plumpus' },
  ],
};
const right = {
  card: 'JH',
  fate: 'won',
  winner: 3,
  by: 'Semi-Corromptus',
  spells: [
    { cards: ['10H', '5C'], seat: 0, spell: 'Plumpus' },
    { cards: ['4H', '4D', '5H'], seat: 3, spell: 'Semi-Corromptus' },
  ],
};

test('a tie under a couple card says what settled it, in English and French', () => {
  setLang('en');
  assert.deepEqual(sideTies(left, names, false), [
    'Hécate and Morgane both cast Plumpus: the highest card decides, 10♣ beats 6♣.',
    'Hécate and Circé both cast Plumpus: the highest card decides, 10♣ beats 9♠.',
  ]);
  assert.deepEqual(sideTies(right, names, false), []);
  // Demonicus takes the card whatever was played: no tie to settle.
  assert.deepEqual(sideTies(left, names, true), []);
  setLang('fr');
  const second = { ...left, winner: 1, spells: [{ cards: ['9S', '7H'], seat: 1, spell: 'Deuus' }, { cards: ['9C', '5H'], seat: 0, spell: 'Deuus' }] };
  assert.deepEqual(sideTies(second, names, false), ['Circé et Morgane ont lancé le même sortilège, Deuus\u00a0: leurs plus hautes cartes sont de même valeur, la deuxième décide donc, 7♥ bat 5♥.']);
  const suit = { ...left, winner: 1, spells: [{ cards: ['8S', '5D'], seat: 1, spell: 'Plumpus' }, { cards: ['8H', '5C'], seat: 0, spell: 'Plumpus' }] };
  assert.match(sideTies(suit, names, false)[0], /la couleur de la plus haute carte décide donc, 8♠ bat 8♥ \(♠ > ♥ > ♣ > ♦\)\.$/);
  setLang('en');
});

test('why a couple card went where it went: strongest spell, a tie, alone, Demonicus, nobody', () => {
  setLang('en');
  assert.equal(sideWhy(right, names, null), 'Semi-Corromptus of Ursule is the strongest spell under it; the next best there is Plumpus.');
  assert.equal(sideWhy(left, names, null), 'Plumpus is the strongest spell under it, cast by more than one: the cards settle it.');
  assert.equal(sideWhy({ ...right, spells: [right.spells[1]] }, names, null), 'Ursule was the only one to place cards under it, so Semi-Corromptus wins it.');
  assert.equal(sideWhy({ ...right, winner: 1 }, names, 1), 'Circé cast Demonicus (three sixes), which takes both couple cards whatever else was played.');
  assert.equal(sideWhy({ card: 'QS', fate: 'removed', winner: null, spells: [] }, names, null), 'Nobody placed a card under it, so it leaves the game.');
  setLang('fr');
  assert.equal(sideWhy(right, names, null), 'Le Semi-Corromptus d’Ursule est le plus fort sortilège dessous\u202f; le suivant y est un Plumpus.');
  assert.equal(sideWhy({ card: 'QS', fate: 'under-gratin', winner: null, spells: [] }, names, null), 'Personne n’a posé de carte dessous\u00a0: elle retourne face cachée sous le Gratin.');
  setLang('en');
});

test('equal final scores: the best share the win, others share their place', () => {
  setLang('en');
  assert.deepEqual(scoreTies([12, 12, 3, 7], names), ['Morgane and Circé have 12 points each: equal best scores share the win.']);
  assert.deepEqual(scoreTies([1, 9, 1, 1], names), ['Morgane, Hécate and Ursule have 1 point each and share their place.']);
  assert.deepEqual(scoreTies([1, 2, 3, 4], names), []);
  setLang('fr');
  assert.deepEqual(scoreTies([5, 5], names), ['Morgane et Circé ont 5 points\u00a0: les meilleurs scores égaux partagent la victoire.']);
  setLang('en');
});

test('card captions in the page language', () => {
  setLang('en');
  assert.equal(cardName('JS'), 'Jack of spades');
  assert.equal(cardName('10H'), '10 of hearts');
  setLang('fr');
  assert.equal(cardName('QD'), 'Dame de carreau');
  assert.equal(cardName('7C'), '7 de trèfle');
  setLang('en');
});
