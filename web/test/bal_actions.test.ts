// The attack of Le Bal des Sorcières is composed on the board from three parts; the button sends
// only a text of the server's legal list (the texts of src/games/bal-des-sorcieres/actions.cpp).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attackOptions, attackText, choose, formulasOf, parseAction, spokenMoves, type AttackChoice } from '../src/games/bal-des-sorcieres/actions';

// Seat 0 of four, holding red and blue potions, Sortilège and Fantôme.
const legal = [
  'attack 1 with 1 bleu',
  'attack 2 with 1 bleu',
  'attack 3 with 1 bleu',
  'attack 1 with 1 rouge',
  'attack 2 with 1 rouge',
  'attack 3 with 1 rouge',
  'attack 1 with 2 rouge',
  'attack 2 with 2 rouge',
  'attack 3 with 2 rouge',
  'attack all with 1 bleu + sortilege',
  'attack all with 1 rouge + sortilege',
  'attack all with 2 rouge + sortilege',
  'attack 1 with 1 bleu + fantome',
  'attack 2 with 1 bleu + fantome',
  'attack 3 with 1 bleu + fantome',
  'attack 1 with 1 rouge + fantome',
  'attack 2 with 1 rouge + fantome',
  'attack 3 with 1 rouge + fantome',
  'attack 1 with 2 rouge + fantome',
  'attack 2 with 2 rouge + fantome',
  'attack 3 with 2 rouge + fantome',
];
const NONE: AttackChoice = { potions: null, spell: '', target: null };

test('bal actions: every canonical text is read into its parts', () => {
  assert.deepEqual(parseAction('attack 2 with 2 rouge + fantome'), { type: 'attack', target: 2, count: 2, colour: 'rouge', spell: 'fantome' });
  assert.deepEqual(parseAction('attack all with 1 bleu + sortilege'), { type: 'attack', target: 'all', count: 1, colour: 'bleu', spell: 'sortilege' });
  assert.deepEqual(parseAction('parry'), { type: 'parry', spell: null, abracadabra: false });
  assert.deepEqual(parseAction('parry + tresor'), { type: 'parry', spell: 'tresor', abracadabra: false });
  assert.deepEqual(parseAction('parry with abracadabra'), { type: 'parry', spell: 'abracadabra', abracadabra: true });
  assert.deepEqual(parseAction('balai 3'), { type: 'balai', target: 3 });
  for (const a of ['baguette', 'take', 'pass', 'keep'] as const) assert.deepEqual(parseAction(a), { type: a });
  assert.deepEqual(parseAction('lutin'), { type: 'lutin', tresor: false });
  assert.deepEqual(parseAction('lutin + tresor'), { type: 'lutin', tresor: true });
  assert.deepEqual(parseAction('throw rouge'), { type: 'throw', kind: 'rouge' });
  assert.deepEqual(parseAction('drop tour'), { type: 'drop', kind: 'tour' });
  assert.deepEqual(parseAction('discard fantome'), { type: 'discard', kind: 'fantome' });
  assert.deepEqual(parseAction('lose 2'), { type: 'lose', target: 2 });
  assert.deepEqual(parseAction('attack all with 1 bleu + sortilege + tresor'), { type: 'attack', target: 'all', count: 1, colour: 'bleu', spell: 'sortilege + tresor' });
  assert.equal(parseAction('attack 2 with 3 rouge'), null);
  assert.equal(parseAction('attack 2 with 1 rouge + fantome + remede'), null);
  assert.deepEqual(parseAction('miroir 2'), { type: 'miroir', target: 2 });
  assert.deepEqual(parseAction('give vert'), { type: 'give', kind: 'vert' });
  for (const a of ['nananere', 'boule', 'time-up'] as const) assert.deepEqual(parseAction(a), { type: a });
  // In the incantation mode the formulas follow the move.
  assert.deepEqual(parseAction('parry + tresor : Queue de lézard; Trésor magique'), { type: 'parry', spell: 'tresor', abracadabra: false });
  assert.equal(parseAction('sing 2'), null);
});

test('bal actions: the options are the parts some legal attack uses, no spell first', () => {
  const o = attackOptions(legal);
  assert.deepEqual(o.potions.map((p) => p.value), ['1 bleu', '1 rouge', '2 rouge']);
  assert.deepEqual(o.spells, ['', 'sortilege', 'fantome']);
  assert.deepEqual(o.targets, ['1', '2', '3', 'all']);
});

test('bal actions: nothing is sent before the potions and the witch are chosen', () => {
  let c = choose(legal, NONE, 'potions', '2 rouge');
  assert.equal(attackText(c), null);
  c = choose(legal, c, 'target', '3');
  assert.equal(attackText(c), 'attack 3 with 2 rouge');
  c = choose(legal, c, 'spell', 'fantome');
  assert.equal(attackText(c), 'attack 3 with 2 rouge + fantome');
  assert.ok(legal.includes(attackText(c)!));
});

test('bal actions: Sortilège attacks every witch, and every witch needs Sortilège', () => {
  // Sortilège chosen: the witch becomes "all", the only target it has.
  let c = choose(legal, { potions: '1 bleu', spell: '', target: '2' }, 'spell', 'sortilege');
  assert.deepEqual(c, { potions: '1 bleu', spell: 'sortilege', target: 'all' });
  // One witch chosen again: Sortilège goes, the potions stay.
  c = choose(legal, c, 'target', '1');
  assert.deepEqual(c, { potions: '1 bleu', spell: '', target: '1' });
  // "Every witch" chosen without a spell: Sortilège comes with it.
  c = choose(legal, { potions: '2 rouge', spell: 'fantome', target: '1' }, 'target', 'all');
  assert.deepEqual(c, { potions: '2 rouge', spell: 'sortilege', target: 'all' });
  assert.ok(legal.includes(attackText(c)!));
});

test('bal actions: potions the chosen spell cannot go with give way to it', () => {
  // Remède goes only with a red potion here: choosing it drops the blue one, the witch stays.
  const few = ['attack 1 with 1 bleu', 'attack 1 with 1 rouge + remede', 'attack 1 with 1 rouge'];
  const c = choose(few, { potions: '1 bleu', spell: '', target: '1' }, 'spell', 'remede');
  assert.deepEqual(c, { potions: null, spell: 'remede', target: '1' });
  assert.equal(attackText(c), null);
});

test('bal actions: a Trésor magique beside a Sortilège is one more spell option, sent whole', () => {
  const withTresor = [...legal, 'attack all with 1 bleu + sortilege + tresor'];
  assert.deepEqual(attackOptions(withTresor).spells, ['', 'sortilege', 'fantome', 'sortilege + tresor']);
  const c = choose(withTresor, { potions: '1 bleu', spell: '', target: '1' }, 'spell', 'sortilege + tresor');
  assert.deepEqual(c, { potions: '1 bleu', spell: 'sortilege + tresor', target: 'all' });
  assert.equal(attackText(c), 'attack all with 1 bleu + sortilege + tresor');
});

test('bal actions: in the incantation mode each move is shown once, with the formulas its right readings use', () => {
  const spoken = spokenMoves([
    'attack 1 with 2 rouge : Queue de lézard; Crotte de hibou',
    'attack 1 with 2 rouge : Queue de lézard; Bave de crapaud',
    'attack 1 with 2 rouge : Crotte de hibou; Bave de crapaud',
    'attack 1 with 2 rouge : ?',
    'lutin : Lutin farceur',
    'lutin : ?',
    'pass',
  ]);
  assert.deepEqual(spoken.moves, ['attack 1 with 2 rouge', 'lutin', 'pass']);
  assert.equal(spoken.readings.has('pass'), false, 'a move that lays no card down is sent as it is');
  assert.deepEqual(formulasOf(spoken.readings.get('attack 1 with 2 rouge')!), { count: 2, formulas: ['Queue de lézard', 'Crotte de hibou', 'Bave de crapaud'] });
  // A spell's name holds a comma, never a semicolon.
  assert.deepEqual(formulasOf(spokenMoves(['nananere : À moi, nananère !', 'nananere : ?']).readings.get('nananere')!), { count: 1, formulas: ['À moi, nananère !'] });
});
