// A state's legal actions as the server sends them (docs/protocol.md, `state`): the texts of
// `legal` and the families of `legal_forms`; the page sends only what they offer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { firstPickText, formMatches, hasLegal, legalKeys, offered } from '../src/protocol/legal';
import { newActions } from '../src/table/turn';

const CARDS = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
const one = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }] };
const two = { prefix: 'formula', picks: [{ of: CARDS, min: 1, max: 9 }, { word: 'second', of: CARDS, min: 1, max: 9, optional: true }], distinct: true };

test('legal forms: a text matches when written canonically, each word once, in order, within the counts', () => {
  assert.ok(formMatches(one, 'formula zaam'));
  assert.ok(formMatches(one, 'formula zaam boulga stella'));
  assert.ok(!formMatches(one, 'formula boulga zaam'), 'not in the order of `of`');
  assert.ok(!formMatches(one, 'formula zaam zaam'), 'a word twice');
  assert.ok(!formMatches(one, 'formula'), 'min 1');
  assert.ok(!formMatches(one, 'formula  zaam'), 'two spaces');
  assert.ok(!formMatches(one, 'formula zaam second boulga'), 'no second pick');
  assert.ok(formMatches(two, 'formula zaam second boulga'));
  assert.ok(formMatches(two, 'formula zaam'), 'the second pick is optional');
  assert.ok(!formMatches(two, 'formula zaam second zaam'), 'distinct');
  assert.ok(!formMatches(two, 'formula zaam second'), 'a second of no card');
});

// The Du Balai ! counts: every non-empty set of nine cards (2^9 - 1), and with Double-jeu a
// second from the cards left (3^9 - 2^9).
test('legal forms: the formula forms stand for 511 and 19,171 texts', () => {
  let n1 = 0;
  let n2 = 0;
  for (let m = 1; m < 512; m++) {
    const first = CARDS.filter((_, i) => m & (1 << i));
    const text = `formula ${first.join(' ')}`;
    if (formMatches(one, text)) n1++;
    if (formMatches(two, text)) n2++;
    for (let r = 1; r < 512; r++) {
      if (r & m) continue;
      if (formMatches(two, `${text} second ${CARDS.filter((_, i) => r & (1 << i)).join(' ')}`)) n2++;
    }
  }
  assert.equal(n1, 511);
  assert.equal(n2, 19171);
});

test('legal forms: offered, hasLegal and the turn signal keys read legal and legal_forms', () => {
  const st = { legal: ['formula none'], legal_forms: [one] };
  assert.ok(offered(st, 'formula none'));
  assert.ok(offered(st, 'formula glou'));
  assert.ok(!offered(st, 'formula glou second zaam'));
  assert.ok(hasLegal({ legal: [], legal_forms: [one] }), 'the closer has only the form');
  assert.ok(!hasLegal({ legal: [] }));
  assert.deepEqual(legalKeys({ legal: ['pass'] }), ['pass']);
  assert.equal(legalKeys({ legal: [], legal_forms: [one] }).length, 1, 'a form opens a turn');
  assert.equal(firstPickText(two, new Set(['stella', 'zaam'])), 'formula zaam stella');
  assert.equal(firstPickText(two, new Set(['none'])), null);
});

test('legal forms: the turn signal fires when a writing phase opens, even for the closer offered only the form', () => {
  assert.deepEqual(newActions(legalKeys({ legal: ['close-book'] }), legalKeys({ legal: [], legal_forms: [one] })).length, 1);
  assert.deepEqual(newActions(legalKeys({ legal: [], legal_forms: [one] }), legalKeys({ legal: [], legal_forms: [one] })), []);
});
