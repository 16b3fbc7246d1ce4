// Requirement (the table form in plain words): times are typed in seconds and sent in
// milliseconds; every parameter of every game the server lists has a label, and a help where
// the catalog has one, in both languages, never its raw name nor the server's English; the
// bots are offered by their level in the page's language while their server name is sent;
// only the seats that exist are sent. The games are those `GET /api/games` of `sabbat serve`
// answered (e2e/fixtures/games.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from './catalogs';
import { setLang } from '../src/i18n/i18n';
import type { GameInfo, ParamSpec } from '../src/protocol/types';
import { botChoices, bounds, choiceLabel, defaultBot, defaultText, inSeconds, isGuard, msToSeconds, paramHelp, paramKeys, paramLabel, paramsToSend, secondsToMs, shownDefault, typedValue } from '../src/lobby/params';

const games: GameInfo[] = JSON.parse(readFileSync(join(process.cwd(), 'e2e', 'fixtures', 'games.json'), 'utf8')).games;
const game = (id: string) => games.find((g) => g.id === id)!;
const param = (g: string, name: string) => game(g).params.find((p) => p.name === name)!;

// Words written alike in both languages: the pilots and levels that French spells as English
// does (Baba Yaga's levels have names of their own in each).
const SAME_IN_BOTH = new Set(['normal', 'novice', 'expert']);

test('lobby form: the server lists the four games with their parameters', () => {
  assert.deepEqual(games.map((g) => g.id).sort(), ['baba-yaga', 'bal-des-sorcieres', 'du-balai', 'sortileges']);
  assert.ok(games.some((g) => g.params.some(inSeconds)), 'a time in milliseconds among the parameters');
});

test('lobby form: a time is shown in seconds and sent in milliseconds', () => {
  assert.equal(msToSeconds('30000'), '30');
  assert.equal(msToSeconds('500'), '0.5');
  assert.equal(msToSeconds('200'), '0.2');
  assert.equal(secondsToMs('1.5'), 1500);
  assert.equal(secondsToMs('1,5'), 1500);
  assert.equal(secondsToMs(' 4 '), 4000);
  assert.equal(secondsToMs('0.2'), 200);
  for (const bad of ['', 'abc', '-1', '1.2.3', '.']) assert.equal(secondsToMs(bad), null, bad);
  const study = param('baba-yaga', 'study_time_ms');
  assert.ok(inSeconds(study));
  assert.equal(shownDefault(study), '20');
  assert.equal(typedValue(study, '4', 3), '4000');
  assert.equal(typedValue(study, '600', 3), '600000');
  assert.equal(typedValue(study, '601', 3), null, 'above the maximum of 600 s');
  assert.equal(typedValue(study, '0.5', 3), null, 'below the minimum of 1 s');
  assert.equal(typedValue(param('du-balai', 'reaction_time_ms'), '0,5', 4), '500');
  // Not a time: a whole number, as typed.
  const turns = param('baba-yaga', 'max_turns');
  assert.ok(!inSeconds(turns));
  assert.equal(typedValue(turns, '3', 3), '3');
  assert.equal(typedValue(turns, '3.5', 3), null);
});

// Requirement (seats from 1 on the page): the first seat is shown, typed and bounded from 1 to
// the number of players, as the seats panel and the form's seat list number them; the server
// still gets its own number, from 0.
test('lobby form: first_seat is shown and typed from 1, sent from 0', () => {
  for (const id of ['sortileges', 'bal-des-sorcieres']) {
    const first = param(id, 'first_seat');
    assert.equal(first.default, '0', `${id}: the server's default is its seat 0`);
    assert.equal(shownDefault(first), '1', `${id}: shown as seat 1`);
    setLang('en');
    assert.equal(defaultText(id, first), '1', `${id}: "(default: 1)"`);
    assert.deepEqual(bounds(first, 4), { min: 1, max: 4 }, `${id}: seats 1 to 4 at a table of four`);
    assert.deepEqual(bounds(first, 3), { min: 1, max: 3 });
    assert.equal(typedValue(first, '1', 4), '0', `${id}: seat 1 is the server's 0`);
    assert.equal(typedValue(first, '4', 4), '3', `${id}: seat 4 is the server's 3`);
    assert.equal(typedValue(first, '0', 4), null, `${id}: there is no seat 0 on the page`);
    assert.equal(typedValue(first, '5', 4), null, `${id}: no seat 5 at a table of four`);
    // Untouched, nothing is sent; seat 3 picked sends 2.
    const g = game(id);
    const shown = Object.fromEntries(g.params.map((p) => [p.name, shownDefault(p)]));
    assert.deepEqual(paramsToSend(g, 4, shown), { params: {} });
    assert.deepEqual(paramsToSend(g, 4, { ...shown, first_seat: '3' }), { params: { first_seat: '2' } });
    // Its help says so, in both languages, and no longer "from 0".
    for (const l of ['en', 'fr'] as const) {
      setLang(l);
      assert.match(paramHelp(id, first), /\b1\b/, `${id} in ${l}`);
      assert.doesNotMatch(paramHelp(id, first), /\b0\b/, `${id} in ${l}`);
    }
  }
  setLang('en');
});

// Requirement (seats from 1 everywhere a person reads): a seat's own parameter (Du Balai !'s
// pilot_0) is labelled with the seat as the form's seat list numbers it, "Place 1".
test('lobby form: a seat parameter is labelled with the seat counted from 1', () => {
  const pilots = game('du-balai').params.filter((p) => /^pilot_\d$/.test(p.name));
  assert.ok(pilots.length >= 4, 'Du Balai ! has a pilot per seat');
  setLang('en');
  assert.equal(paramLabel('du-balai', param('du-balai', 'pilot_0')), 'Pilot of seat 1');
  setLang('fr');
  assert.equal(paramLabel('du-balai', param('du-balai', 'pilot_3')), 'Pilote de la place 4');
  setLang('en');
});

test('lobby form: the untouched form sends no parameter; a time changed is sent in milliseconds', () => {
  for (const g of games) {
    const shown = Object.fromEntries(g.params.map((p) => [p.name, shownDefault(p)]));
    assert.deepEqual(paramsToSend(g, g.default_players, shown), { params: {} }, g.id);
  }
  const baba = game('baba-yaga');
  const typed = Object.fromEntries(baba.params.map((p) => [p.name, shownDefault(p)]));
  assert.deepEqual(paramsToSend(baba, 3, { ...typed, study_time_ms: '4', level_1: 'balade', level_4: 'balade' }), { params: { study_time_ms: '4000', level_1: 'balade' } });
  const wrong = paramsToSend(baba, 3, { ...typed, move_time_ms: 'x' });
  assert.ok('wrong' in wrong && wrong.wrong.name === 'move_time_ms');
});

function formTexts(g: GameInfo, p: ParamSpec): string[] {
  return [paramLabel(g.id, p), paramHelp(g.id, p), defaultText(g.id, p), ...(p.kind === 'boolean' ? ['true', 'false'] : (p.choices ?? [])).map((c) => choiceLabel(g.id, p, c))];
}

test('lobby form: every parameter of every game has its words in both languages, no raw key, no milliseconds', () => {
  const missing: string[] = [];
  for (const g of games)
    for (const p of g.params) {
      const keys = paramKeys(g.id, p);
      for (const k of [keys.label, ...keys.choices]) if (!(k in catalogs.en)) missing.push(`${g.id} ${p.name}: ${k}`);
      if (!(keys.help in catalogs.en)) missing.push(`${g.id} ${p.name}: ${keys.help}`);
    }
  assert.deepEqual(missing, []);
  for (const l of ['en', 'fr'] as const) {
    setLang(l);
    for (const g of games)
      for (const p of g.params) {
        const [label, help] = formTexts(g, p);
        assert.notEqual(label, p.name, `${l} ${g.id}: raw key ${p.name}`);
        assert.doesNotMatch(label, /_|\bms\b|millisec/i, `${l} ${g.id} ${p.name}: ${label}`);
        assert.notEqual(help, p.description, `${l} ${g.id} ${p.name}: the server's English help`);
        if (inSeconds(p)) assert.match(label, /second/i, `${l} ${g.id} ${p.name}: ${label}`);
      }
  }
  setLang('en');
});

test('lobby form: nothing of the French form is English', () => {
  const english = new Map<string, string>();
  setLang('en');
  for (const g of games) for (const p of g.params) formTexts(g, p).forEach((s, i) => english.set(`${g.id} ${p.name} ${i}`, s));
  for (const g of games) botChoices(g).forEach((b) => english.set(`${g.id} bot ${b.id}`, b.label));
  setLang('fr');
  const same: string[] = [];
  for (const g of games) {
    for (const p of g.params)
      formTexts(g, p).forEach((s, i) => {
        if (s && s === english.get(`${g.id} ${p.name} ${i}`) && !SAME_IN_BOTH.has(s) && !/^[\d,. s]+$/.test(s)) same.push(`${g.id} ${p.name}: ${s}`);
      });
    for (const b of botChoices(g)) if (b.label === english.get(`${g.id} bot ${b.id}`)) same.push(`${g.id} bot ${b.id}: ${b.label}`);
  }
  setLang('en');
  assert.deepEqual(same, []);
});

test('lobby form: bots are offered by level, weakest first, and send the server’s bot name', () => {
  setLang('fr');
  for (const g of games) {
    const offered = botChoices(g);
    for (const b of offered) {
      assert.ok(g.bots.includes(b.id), `${g.id}: ${b.id} is not a bot of the server`);
      assert.ok(!g.bots.some((id) => b.label.includes(id)), `${g.id}: the French label "${b.label}" shows a bot name`);
    }
    assert.deepEqual(offered.map((b) => b.label), ['Bot : joue au hasard', 'Bot : Débutant', 'Bot : Normal', 'Bot : Expert'], g.id);
    // An untouched seat gets the game's default bot, the normal level.
    assert.equal(defaultBot(g), g.default_bot, g.id);
    assert.equal(offered.find((b) => b.id === g.default_bot)?.label, 'Bot : Normal', g.id);
  }
  setLang('en');
  assert.deepEqual(botChoices(game('baba-yaga')).map((b) => b.id), ['random', 'novice', 'seasoned', 'expert']);
  assert.deepEqual(botChoices(game('du-balai')).map((b) => b.id), ['random', 'novice', 'simple', 'expert']);
});

test('lobby form: a default time reads in seconds, with a decimal comma in French', () => {
  const reaction = param('du-balai', 'reaction_time_ms');
  setLang('en');
  assert.equal(defaultText('du-balai', param('du-balai', 'formula_time_ms')), '30 s');
  setLang('fr');
  assert.equal(defaultText('du-balai', { ...reaction, default: '500' }), '0,5 s');
  setLang('en');
});

// A table with people plays without the guards of bots and simulations (the server sets them
// to 0, none): the form shows 0 and sends only another value.
test('lobby form: the guards max_turns and max_flips show 0 (none) and are sent only when set', () => {
  const guards = (g: GameInfo) => g.params.filter((p) => isGuard(p)).map((p) => p.name);
  assert.deepEqual(guards(game('du-balai')), ['max_turns']);
  assert.deepEqual(guards(game('baba-yaga')).sort(), ['max_flips', 'max_turns']);
  const baba = game('baba-yaga');
  for (const p of baba.params.filter((q) => isGuard(q))) assert.equal(shownDefault(p), '0');
  const typed = Object.fromEntries(baba.params.map((p) => [p.name, shownDefault(p)]));
  assert.deepEqual(paramsToSend(baba, 3, typed), { params: {} });
  assert.deepEqual(paramsToSend(baba, 3, { ...typed, max_turns: '7' }), { params: { max_turns: '7' } });
});

// Requirement (the form says what the rules say, docs/rules/du-balai.md): the book never closes by
// itself while some witch may close it; book_time only counts when none may (all on −2).
test('lobby form: Du Balai\'s book time is the time the book stays open only when every witch is on −2', () => {
  const p = param('du-balai', 'book_time_ms');
  for (const l of ['en', 'fr'] as const) {
    setLang(l);
    const words = `${paramLabel('du-balai', p)} ${paramHelp('du-balai', p)}`;
    assert.match(words, /−2/, `${l}: says it counts only when all are on −2`);
    assert.match(words, l === 'en' ? /never closes by itself while some witch may close it/ : /ne se ferme jamais tout seul tant qu’une sorcière peut le fermer/, l);
  }
  setLang('en');
});
