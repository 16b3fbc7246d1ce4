// Requirement (forced answers are not asked): when the table plays a seat's only move for her
// (Du Balai !: a pass holding nothing playable; Le Bal: a loss taken with no way to parry), her
// board and the log say what was done and why, in the page's language, from the event's data
// (its seat counted from 0 as the server counts, shown by name).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { forcedText, lastForcedFor } from '../src/games/forced';
import { boardFor } from '../src/games/registry';

const names = ['Morgane', 'Circé'];
const forced = (seat: number, action: string, why: string) => ({ seq: 5, kind: 'forced', text: `seat ${seat} ${action} (forced: ${why})`, data: { seat, action, why } });

test('forced: the log names the seat and says why, in English and French', () => {
  setLang('en');
  assert.equal(boardFor('du-balai')!.narrate!(forced(1, 'pass', 'nothing-playable') as any, names), 'Circé had no card she could play: the table passed for her.');
  assert.equal(boardFor('bal-des-sorcieres')!.narrate!(forced(0, 'take', 'no-parry') as any, names), 'Morgane had no way to parry: the table took the loss for her.');
  setLang('fr');
  assert.equal(forcedText({ seat: 0, action: 'pass', why: 'nothing-playable' }, names, 0), 'Vous n’aviez aucune carte jouable\u00a0: la table a passé pour vous.');
  setLang('en');
  assert.equal(forcedText({ seat: 1, action: 'pass', why: 'unheard-of' }, names, 1), 'You had one move only: the table played it for you (pass).');
  assert.equal(forcedText({ action: 'pass' }, names), null, 'no seat, no line of the page');
});

test('forced: Baba Yaga\'s lone target is named, never given as a seat number from 0', () => {
  const three = ['Morgane', 'Circé', 'Mélusine'];
  const aimed = { seq: 7, kind: 'forced', text: 'the table plays \'target 2\' for seat 0', data: { seat: 0, action: 'target 2', why: 'one-target', target: 2 } };
  setLang('en');
  assert.equal(boardFor('baba-yaga')!.narrate!(aimed as any, three), 'Morgane’s spell could target Mélusine only: the table aimed it at her.');
  assert.equal(forcedText(aimed.data, three, 0), 'Your spell could target Mélusine only: the table aimed it at her.');
  setLang('fr');
  assert.equal(forcedText(aimed.data, three, 0), 'Votre sort ne pouvait viser que Mélusine\u00a0: la table l’a visée pour vous.');
  setLang('en');
  assert.equal(forcedText({ seat: 0, action: 'target 2', why: 'one-target' }, three), null, 'no target named, no line');
});

test('forced: her board tells her own forced answer, not another seat\'s', () => {
  const log = [forced(1, 'pass', 'nothing-playable'), { seq: 6, kind: 'spell', text: 'x', data: {} }] as any;
  assert.deepEqual(lastForcedFor(log, 1), { seat: 1, action: 'pass', why: 'nothing-playable' });
  assert.equal(lastForcedFor(log, 0), null);
  assert.equal(lastForcedFor(log, null), null);
});
