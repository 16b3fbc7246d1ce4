// The rules of Du Balai ! said where they bite: the judgement of a formula by the revealed dice
// (docs/rules/du-balai.md, "Reveal": valid when every symbol is valid in one colour, perfect
// when it holds every valid symbol of that colour), the formula builder's line while the dice
// are hidden, and the first-game aid's "why" after the reveal, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { formulaSpellOutcome, judge, judgementText, lastRevealWhy, pickedText, revealWhy } from '../src/games/du-balai/why';

const names = ['Morgane', 'Circé', 'Hécate', 'Ursule'];
// Orange: Zââm, Boulgâ; black: Gloû; Foulzz shown in both colours; the others on no die.
const book = { valid_orange: ['zaam', 'boulga'], valid_black: ['glou'], in_both_colours: ['foulzz'] };

function both<T>(f: () => T): [T, T] {
  setLang('en');
  const en = f();
  setLang('fr');
  const fr = f();
  setLang('en');
  return [en, fr];
}

test('judge: a symbol shown in both colours, one on no die, or two colours make a formula forbidden', () => {
  assert.deepEqual(judge(['zaam', 'foulzz'], book), { verdict: 'forbidden', reason: 'both', symbol: 'foulzz' });
  assert.deepEqual(judge(['zaam', 'stella'], book), { verdict: 'forbidden', reason: 'absent', symbol: 'stella' });
  assert.deepEqual(judge(['zaam', 'glou'], book), { verdict: 'forbidden', reason: 'mixed' });
});

test('judge: valid in one colour, perfect with every valid symbol of it; no card is no formula', () => {
  assert.deepEqual(judge(['zaam'], book), { verdict: 'valid', colour: 'orange', missing: ['boulga'] });
  assert.deepEqual(judge(['boulga', 'zaam'], book), { verdict: 'perfect', colour: 'orange', missing: [] });
  assert.deepEqual(judge(['glou'], book), { verdict: 'perfect', colour: 'black', missing: [] });
  assert.deepEqual(judge([], book), { verdict: 'none' });
});

test('judgementText: the verdict a formula spell would give, in both languages', () => {
  assert.deepEqual(both(() => judgementText(judge(['zaam', 'boulga'], book))), ['perfect in orange', 'parfaite en orange']);
  assert.deepEqual(both(() => judgementText(judge(['stella'], book))), ['forbidden: no die showed Stellâ', 'interdite\u00a0: aucun dé ne montrait Stellâ']);
});

test('builder: with the dice hidden it says the move if valid and the closer’s risk, never a verdict', () => {
  const [en, fr] = both(() => pickedText({ picked: 2, writable: true, closer: true, second: false }));
  assert.equal(en, '2 cards: if valid, 2 squares forward. Valid or perfect shows at the reveal: the dice are hidden now. Not valid: back 2 squares.');
  assert.equal(fr, '2 cartes\u00a0: si elle est valide, 2 cases d’avance. Valide ou parfaite, on le saura à la révélation\u00a0: les dés sont cachés. Non valide\u00a0: 2 cases en arrière.');
  assert.deepEqual(both(() => pickedText({ picked: 0, writable: false, closer: true, second: false })), [
    'You closed the book: pick at least one card.',
    'Vous avez fermé le grimoire\u00a0: choisissez au moins une carte.',
  ]);
  assert.deepEqual(both(() => pickedText({ picked: 1, writable: false, closer: false, second: false })), [
    'That set of cards cannot be written now.',
    'Ces cartes ne peuvent pas être écrites maintenant.',
  ]);
  assert.match(pickedText({ picked: 1, writable: true, closer: false, second: false }), /^1 card: if valid, 1 square forward\./);
});

const witch = (seat: number, cards: string[] | null, outcome?: object, pilot = 'normal') => ({
  seat,
  pilot,
  formulas: cards ? [{ cards }] : undefined,
  outcome: outcome ? { formulas: cards ? [{ cards }] : [], ...outcome } : undefined,
});

test('why after the reveal: perfect orange earns +2, the closer whose formula is forbidden goes back 2', () => {
  const view = {
    book,
    closer: 1,
    witches: [
      witch(0, ['zaam', 'boulga'], { verdicts: ['perfect'], from: 3, to: 7, penalty: false, bonus_cancelled: false }),
      witch(1, ['glou', 'zaam'], { verdicts: ['forbidden'], from: 5, to: 3, penalty: true, bonus_cancelled: false }),
    ],
  };
  const [en, fr] = both(() => revealWhy(view, names));
  assert.deepEqual(en, [
    'Morgane’s formula Zââm Boulgâ was perfect in orange, every symbol left in that colour: 2 squares. Perfect orange bonus: +2 squares.',
    'Circé’s formula Gloû Zââm was forbidden (it mixes orange and black): it moves nothing. She had closed the book with a formula that failed: back 2 squares.',
  ]);
  assert.deepEqual(fr, [
    'La formule de Morgane, Zââm Boulgâ, était parfaite en orange, avec tous les symboles restés dans cette couleur\u00a0: 2 cases. Bonus de la formule orange parfaite\u00a0: 2 cases de plus.',
    'La formule de Circé, Gloû Zââm, était interdite (elle mêle orange et noir)\u00a0: elle ne fait pas avancer. Elle avait fermé le grimoire avec une formule ratée\u00a0: 2 cases en arrière.',
  ]);
});

test('why after the reveal: valid but not perfect names what it left out; no bonus on the curse square or for an expert', () => {
  const view = {
    book,
    witches: [
      witch(0, ['zaam'], { verdicts: ['valid'], from: 0, to: 1, penalty: false, bonus_cancelled: false }),
      witch(1, ['glou'], { verdicts: ['perfect'], from: 4, to: 5, penalty: false, bonus_cancelled: true }),
      witch(2, ['glou'], { verdicts: ['perfect'], from: 4, to: 5, penalty: false, bonus_cancelled: true }, 'expert'),
      witch(3, null, { verdicts: [], from: 2, to: 2, penalty: false, bonus_cancelled: false }),
    ],
  };
  const [en, fr] = both(() => revealWhy(view, names));
  assert.deepEqual(en, [
    'Morgane’s formula Zââm was valid in orange: 1 square. Not perfect: it left out Boulgâ, valid in orange too.',
    'Circé’s formula Gloû was perfect in black, every symbol left in that colour: 1 square. No bonus: she stood on the curse square.',
    'Hécate’s formula Gloû was perfect in black, every symbol left in that colour: 1 square. No bonus for an expert pilot.',
    'Ursule wrote no formula: she does not move.',
  ]);
  assert.equal(fr[0], 'La formule de Morgane, Zââm, était valide en orange\u00a0: 1 case. Pas parfaite\u00a0: il y manquait Boulgâ, en orange aussi.');
  assert.equal(fr[3], 'Ursule n’a pas écrit de formule\u00a0: elle n’avance pas.');
});

test('why after the reveal: Double-jeu judged as one play, a perfect black formula draws its cards', () => {
  const two = (seat: number, a: string[], b: string[]) => ({ seat, pilot: 'normal', formulas: [{ cards: a }, { cards: b }], outcome: { formulas: [{ cards: a }, { cards: b }], verdicts: [], from: 0, to: 0, penalty: false, bonus_cancelled: false } });
  const view = { book, witches: [two(0, ['zaam'], ['glou']), two(1, ['zaam'], ['boulga'])] };
  const [en, fr] = both(() => revealWhy(view, names));
  assert.deepEqual(en, [
    'Morgane played Double Play (Zââm, Gloû), one orange and one black: 2 squares. Perfect black bonus: she draws 1 black magic card and keeps one.',
    'Circé played Double Play (Zââm, Boulgâ) and both were orange: she fell off her broom.',
  ]);
  assert.equal(fr[1], 'Circé a joué Double-jeu (Zââm, Boulgâ) et les deux étaient en orange\u00a0: elle tombe de son balai.');
});

test('why before her move: only her first formula is judged, a closer with none is told she will go back 2', () => {
  // Nothing hidden: the formulas and the book are public from the reveal on.
  const view = { book, closer: 0, witches: [{ seat: 0, formulas: [{ cards: ['stella'] }, { cards: ['glou'] }] }, { seat: 1, written: true }] };
  assert.deepEqual(revealWhy(view, names), ['Morgane’s formula Stellâ was forbidden (no die showed Stellâ): it moves nothing. She closed the book, so she will go back 2 squares.']);
  assert.deepEqual(revealWhy({ witches: view.witches }, names), []);
});

test('why from the log once the view no longer holds the reveal: the reveal event and the moves after it', () => {
  const reveal = {
    seq: 1,
    kind: 'reveal',
    text: '',
    data: { book, formulas: [[{ cards: ['zaam', 'boulga'], colour: 'orange' }], [{ cards: ['stella'] }], []], order: [1, 0, 2] },
  };
  const closed = { seq: 1, kind: 'book-closed', text: '', data: { closer: 1 } };
  const moved = (seat: number, from: number, to: number, penalty = false) => ({
    seq: 1,
    kind: 'moved',
    text: '',
    data: { seat, from, to, penalty, fell: false, same_colour: false, bonus_cancelled: false, formulas: reveal.data.formulas[seat], verdicts: [] },
  });
  const view = { witches: [{ seat: 0, pilot: 'normal' }, { seat: 1, pilot: 'normal' }, { seat: 2, pilot: 'normal' }] };
  const log = [closed, reveal, moved(1, 4, 2, true), moved(0, 0, 4), moved(2, 3, 3)];
  assert.deepEqual(lastRevealWhy(log, view, names), [
    'Morgane’s formula Zââm Boulgâ was perfect in orange, every symbol left in that colour: 2 squares. Perfect orange bonus: +2 squares.',
    'Circé’s formula Stellâ was forbidden (no die showed Stellâ): it moves nothing. She had closed the book with a formula that failed: back 2 squares.',
    'Hécate wrote no formula: she does not move.',
  ]);
  // Before any move, the closer is told what is coming; nothing before a reveal.
  assert.match(lastRevealWhy([closed, reveal], view, names)[1], /she will go back 2 squares\.$/);
  assert.deepEqual(lastRevealWhy([closed], view, names), []);
});

test('formula spells after the reveal: Oubli réparé and Rectification say what they would make of her formula', () => {
  const mine = [{ cards: ['zaam'] }, { cards: ['stella'] }];
  assert.deepEqual(both(() => formulaSpellOutcome('play oubli-repare boulga', mine, book)), [' → perfect in orange', ' → parfaite en orange']);
  assert.equal(formulaSpellOutcome('play oubli-repare glou', mine, book), ' → forbidden: it mixes orange and black');
  assert.equal(formulaSpellOutcome('play oubli-repare glou to second', mine, book), ' → forbidden: no die showed Stellâ');
  assert.equal(formulaSpellOutcome('play rectification zaam for glou', mine, book), ' → perfect in black');
  assert.equal(formulaSpellOutcome('play vent-arriere', mine, book), null);
});
