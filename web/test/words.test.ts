// Requirements of the page's words: plurals by the language's rules, French elision and
// contraction before a name, French spacing before : ; ! ? in every French string, and the
// seats named from 1 with twin bots and stand-ins told apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogs } from './catalogs';
import { contract, fill, plural, setLang, t } from '../src/i18n/i18n';
import { namesAtLine, seatLabel, seatNames } from '../src/table/seats';
import type { TableStatus } from '../src/protocol/types';
import type { LogLine } from '../src/protocol/session';

test('plural: one and other by the language (French 0 and 1 are singular, English only 1)', () => {
  assert.equal(plural('en', 1, 'point', 'points'), 'point');
  assert.equal(plural('en', 0, 'point', 'points'), 'points');
  assert.equal(plural('en', 2, 'point', 'points'), 'points');
  assert.equal(plural('fr', 0, 'point', 'points'), 'point');
  assert.equal(plural('fr', 1, 'seconde', 'secondes'), 'seconde');
  assert.equal(plural('fr', 2, 'seconde', 'secondes'), 'secondes');
  assert.equal(plural('fr', NaN, 'seconde', 'secondes'), 'secondes');
});

test('plural: "1 point", "2 points", "1 seconde", "2 secondes" from the catalogs', () => {
  setLang('en');
  assert.equal(t('n_points', { n: 1 }), '1 point');
  assert.equal(t('n_points', { n: 2 }), '2 points');
  assert.equal(t('seconds_left', { n: 1 }), '1 second left');
  setLang('fr');
  assert.equal(t('n_points', { n: 1 }), '1 point');
  assert.equal(t('n_points', { n: 3 }), '3 points');
  assert.equal(t('by_clock_choice', { n: 1 }), '1 seconde pour choisir');
  assert.equal(t('by_clock_choice', { n: 2 }), '2 secondes pour choisir');
  setLang('en');
});

test('plural: every {k|one|other} of a catalog names a placeholder of its own string', () => {
  for (const [l, cat] of Object.entries(catalogs))
    for (const [k, s] of Object.entries(cat)) {
      for (const m of s.matchAll(/\{(\w+)\|[^|{}]*\|[^|{}]*\}/g)) assert.ok(s.includes(`{${m[1]}}`), `${l} ${k}: {${m[1]}|…} without {${m[1]}}`);
      assert.doesNotMatch(s.replace(/\{\w+(\|[^|{}]*\|[^|{}]*)?\}/g, ''), /[{}|]/, `${l} ${k}: a broken placeholder`);
    }
});

test('elision: French "de", "que" before a vowel, "du"/"au" before a title with Le', () => {
  assert.equal(contract('de', 'Alice'), 'd’Alice');
  assert.equal(contract('de', 'Élodie'), 'd’Élodie');
  assert.equal(contract('de', 'Morgane'), 'de Morgane');
  assert.equal(contract('de', 'Hugo'), 'de Hugo');
  assert.equal(contract('que', 'Ursule'), 'qu’Ursule');
  assert.equal(contract('à', 'Alice'), 'à Alice');
  assert.equal(contract('de', 'Le Bal des Sorcières'), 'du Bal des Sorcières');
  assert.equal(contract('à', 'Le Bal des Sorcières'), 'au Bal des Sorcières');
  assert.equal(contract('de', 'Les Sorcières'), 'des Sorcières');
  assert.equal(fill('Le sort de {name}', { name: 'Alice' }, 'fr'), 'Le sort d’Alice');
  assert.equal(fill('Nouvelle table de {game}', { game: 'Le Bal des Sorcières' }, 'fr'), 'Nouvelle table du Bal des Sorcières');
  // English is left alone, and so is a word that only ends in "de" ("attaque" ends in "que").
  assert.equal(fill('spell of {name}', { name: 'Alice' }, 'en'), 'spell of Alice');
  assert.equal(fill('{name} attaque {target}', { name: 'Alice', target: 'Ursule' }, 'fr'), 'Alice attaque Ursule');
  setLang('fr');
  assert.equal(t('by_spell_of', { name: 'Alice' }), 'Le sort d’Alice');
  setLang('en');
});

test('French typography: a no-break space before : and a narrow one before ; ! ? in every French string', () => {
  // Texts the server reads, where ";" separates formulas as typed, are not prose.
  const syntax = new Set(['bal_read_label', 'bal_read_placeholder']);
  for (const [k, s] of Object.entries(catalogs.fr)) {
    if (syntax.has(k)) continue;
    for (const m of s.matchAll(/[:;!?]/g)) {
      const i = m.index!;
      const before = s[i - 1];
      if (i === 0) continue;
      if (m[0] === ':' && /\d/.test(before) && /\d/.test(s[i + 1] ?? '')) continue; // a time, 1:30
      if (m[0] === ':') assert.ok(before === '\u00a0' || before === '\u202f', `fr ${k}: "${s.slice(Math.max(0, i - 12), i + 2)}" wants a no-break space before :`);
      else assert.equal(before, '\u202f', `fr ${k}: "${s.slice(Math.max(0, i - 12), i + 2)}" wants a narrow no-break space before ${m[0]}`);
    }
    assert.doesNotMatch(s, /« |[^\u202f]»/, `fr ${k}: guillemets want narrow no-break spaces inside`);
  }
});

const status = (seats: TableStatus['seats']): TableStatus => ({ table: 'x', game: 'sortileges', players: seats.length, params: {}, phase: 'playing', spectators: true, seats } as TableStatus);

test('seats: numbered from 1 on the page, twin bots told apart by seat, a stand-in named for its person', () => {
  setLang('en');
  assert.equal(seatLabel(0), 'Seat 1');
  const s = status([
    { seat: 0, kind: 'human', name: 'Alice', taken: true, connected: false, stand_in: 'normal' },
    { seat: 1, kind: 'bot', bot: 'normal' },
    { seat: 2, kind: 'bot', bot: 'normal' },
    { seat: 3, kind: 'bot', bot: 'random' },
    { seat: 4, kind: 'human', name: null, taken: false, connected: false, stand_in: null },
  ]);
  assert.deepEqual(seatNames(s, 5), ['Bot for Alice', 'Bot: Normal (seat 2)', 'Bot: Normal (seat 3)', 'Bot: plays at random', 'Seat 5']);
  setLang('fr');
  assert.deepEqual(seatNames(s, 5), ['Bot pour Alice', 'Bot : Normal (place 2)', 'Bot : Normal (place 3)', 'Bot : joue au hasard', 'Place 5']);
  setLang('en');
});

test('stand-in: a log line keeps the names of its time, in the page’s language', () => {
  setLang('en');
  const away = status([
    { seat: 0, kind: 'human', name: 'Alice', taken: true, connected: false, stand_in: 'normal' },
    { seat: 1, kind: 'human', name: 'Ursule', taken: true, connected: true, stand_in: null },
  ]);
  const back = status([
    { seat: 0, kind: 'human', name: 'Alice', taken: true, connected: true, stand_in: null },
    { seat: 1, kind: 'human', name: 'Ursule', taken: true, connected: true, stand_in: null },
  ]);
  const before: LogLine = { seq: 1, kind: 'placed', text: 'Seat 0 places a card.' };
  const during: LogLine = { seq: 2, kind: 'placed', text: 'Seat 0 places a card.' };
  const after: LogLine = { seq: 3, kind: 'placed', text: 'Seat 0 places a card.' };
  assert.deepEqual(namesAtLine(before, seatNames(back, 2)), ['Alice', 'Ursule']);
  assert.deepEqual(namesAtLine(during, seatNames(away, 2)), ['Bot for Alice', 'Ursule']);
  const now = seatNames(back, 2);
  assert.deepEqual(namesAtLine(after, now), ['Alice', 'Ursule']);
  assert.deepEqual(namesAtLine(during, now), ['Bot for Alice', 'Ursule'], 'the line a stand-in played still names it');
  assert.deepEqual(namesAtLine(before, seatNames(away, 2)), ['Alice', 'Ursule'], 'an earlier line does not');
  setLang('fr');
  assert.deepEqual(namesAtLine(during, now), ['Bot pour Alice', 'Ursule']);
  setLang('en');
  // Names not made from a table's seats (a test's own list) are used as they are.
  assert.deepEqual(namesAtLine({ seq: 9, kind: 'x', text: '' }, ['A', 'B']), ['A', 'B']);
});
