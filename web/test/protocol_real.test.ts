// The protocol's JSON Schemas (docs/protocol/) against a real `sabbat serve`: scripted clients
// play whole games of each game by the protocol (every seat a random legal player, a bot at
// some tables, a seat that leaves and rejoins, spectators before the start and after the end,
// messages the server must refuse), and every message that went either way, and the HTTP
// answers about the table (the game list, the lobby, the status, the replays), must follow the
// schemas. Needs the built server: build/sabbat (or $SABBAT); skipped with a message when it is
// absent, since the web tests may run before the C++ build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ProtocolSchemas, GAMES } from '../e2e/schemas';
import { applyPatch } from '../src/protocol/patch';
import { playGame, playPauseAndRate, startServer, type GameSpec, type Played } from './real_server';

const bin = resolve(process.env.SABBAT ?? '../build/sabbat');
const missing = existsSync(bin) ? false : `no sabbat binary at ${bin} (build the C++ first, or set SABBAT): the real-server schema checks are skipped`;
if (missing) console.log(`protocol_real.test: ${missing}`);

// Short clocks so that the real-time games end in seconds; a few turns of the long ones.
const fast = { window_ms: '1000', window_min_ms: '0' };
const GAMES_PLAYED: GameSpec[] = [
  { game: 'sortileges', players: 3, seed: '11', bots: { 1: 'random' } },
  { game: 'sortileges', players: 4, seed: '12', params: { unclaimed: 'under-gratin', first_player: 'fixed' } },
  { game: 'du-balai', players: 3, seed: '13', params: { book_time_ms: '1000', reaction_time_ms: '500', formula_time_ms: '1000', spell_time_ms: '1000', decret_time_ms: '1000', max_turns: '30' } },
  { game: 'du-balai', players: 4, seed: '14', params: { book_time_ms: '1000', reaction_time_ms: '500', formula_time_ms: '1000', spell_time_ms: '1000', max_turns: '30', show_hands_at_end: 'true', pilot_1: 'novice', pilot_3: 'expert' } },
  { game: 'baba-yaga', players: 3, seed: '15', params: { study_time_ms: '1000', move_time_ms: '200', max_turns: '12' } },
  { game: 'baba-yaga', players: 4, seed: '16', params: { study_time_ms: '1000', move_time_ms: '200', max_turns: '12', home_sweet_home: 'true', level_1: 'sauve-qui-peut' } },
  { game: 'baba-yaga', players: 2, seed: '20', params: { study_time_ms: '1000', move_time_ms: '200', max_turns: '16', level_0: 'balade' } },
  { game: 'bal-des-sorcieres', players: 4, seed: '17', params: { level: 'hard', ...fast } },
  { game: 'bal-des-sorcieres', players: 3, seed: '18', params: { level: 'hard', heritage: 'true', incantation: 'true', ...fast } },
  { game: 'bal-des-sorcieres', players: 5, seed: '19', bots: { 4: 'random' }, params: { level: 'medium', ...fast } },
];

// Renames one key of an object: a misspelt field the schema must catch.
function misspell(o: any, key: string): any {
  const out: any = {};
  for (const [k, v] of Object.entries(o)) out[k === key ? key + '_' : k] = v;
  return out;
}

test('protocol schemas: every message of whole games against a real sabbat serve follows docs/protocol/', { skip: missing }, async () => {
  const schemas = new ProtocolSchemas();
  const server = await startServer(bin);
  let played: { spec: GameSpec; run: Played }[];
  try {
    // All the tables at once: each waits on its own clocks most of the time.
    played = await Promise.all(
      GAMES_PLAYED.map(async (spec) => {
        const t = Date.now();
        const run = await playGame(server.url, spec);
        if (process.env.SCHEMAS_TIMES) console.log(spec.game, spec.seed, Date.now() - t);
        return { spec, run };
      }),
    );
  } finally {
    server.stop();
  }
  const kinds = new Map<string, Set<string>>();
  for (const { spec, run } of played) {
    const name = `${spec.game} seed ${spec.seed}`;
    // One connection at a time: a view_patch applies to the view of its own connection.
    const errors = [...new Set(run.log.map((l) => l.who))].flatMap((who) =>
      schemas.checkFrames(run.log.filter((l) => l.who === who).map((l) => ({ sent: l.sent, message: l.message }))).map((e) => `${who} ${e}`),
    );
    // The one message the scripted host sends wrong on purpose: an unknown type.
    const expected = errors.filter((e) => / sent dance: \/type must be equal to one of the allowed values/.test(e));
    assert.equal(expected.length, 1, `${name}: the client schema refuses the unknown type 'dance'`);
    assert.deepEqual(errors.filter((e) => !expected.includes(e)), [], `${name}: messages that do not follow the schemas`);
    for (const a of run.http) assert.deepEqual(schemas.check(a.schema, a.body), [], `${name}: GET ${a.path}`);

    // The run saw what it is meant to check: seats' and spectators' states, and the answers.
    // Each state with its whole view: the connections that asked for patches rebuild theirs.
    const views = new Map<string, unknown>();
    const states = run.log
      .filter((l) => !l.sent && l.message.type === 'state')
      .map((l) => {
        const { view_patch, ...m } = l.message;
        m.view = view_patch ? applyPatch(views.get(l.who), view_patch) : m.view;
        views.set(l.who, m.view);
        return m;
      });
    assert.ok(
      run.log.some((l) => !l.sent && l.message.view_patch) && run.log.some((l) => !l.sent && l.message.type === 'state' && !l.message.snapshot && l.message.view),
      `${name}: states as patches and whole`,
    );
    assert.ok(states.some((m) => m.you === 'spectator') && states.some((m) => typeof m.you === 'number'), `${name}: states of seats and spectators`);
    const types = new Set(run.log.filter((l) => !l.sent).map((l) => l.message.type));
    for (const t of ['welcome', 'created', 'joined', 'watching', 'table', 'state', 'history', 'accepted', 'refused', 'result', 'pong', 'error'])
      assert.ok(types.has(t), `${name}: a ${t} message was received`);
    // Play again: not-finished before the end, the next table's code after it, wrong-role for a spectator.
    const received = run.log.filter((l) => !l.sent).map((l) => l.message);
    assert.ok(received.some((m) => m.type === 'error' && m.code === 'not-finished' && m.ref === 'again'), `${name}: again before the end`);
    assert.ok(received.some((m) => m.type === 'table' && m.status.phase === 'finished' && typeof m.status.next === 'string'), `${name}: status.next`);
    assert.ok(received.some((m) => m.type === 'error' && m.code === 'wrong-role' && m.ref === 'again'), `${name}: a spectator's again`);
    const seen = kinds.get(spec.game) ?? new Set<string>();
    for (const m of states) for (const e of m.events) seen.add(e.kind);
    kinds.set(spec.game, seen);

    // Strict enough to catch a misspelt field: in a late state of a seat, each field of the
    // view, and of each event's data, renamed in turn, fails its game's schema.
    const late = states.filter((m) => typeof m.you === 'number' && m.events.length > 0).at(-1);
    assert.ok(late, `${name}: a seat's state with events`);
    const id = `${spec.game}.state.schema.json`;
    for (const key of Object.keys(late.view))
      assert.notDeepEqual(schemas.check(id, { ...late, view: misspell(late.view, key) }), [], `${name}: view.${key} misspelt is caught`);
    late.events.forEach((e: any, i: number) => {
      for (const key of Object.keys(e.data ?? {})) {
        const events = late.events.map((x: any, j: number) => (j === i ? { ...x, data: misspell(x.data, key) } : x));
        assert.notDeepEqual(schemas.check(id, { ...late, events }), [], `${name}: ${e.kind}.data.${key} misspelt is caught`);
      }
    });
  }
  // Which kinds of event the games above met, per game: the schemas list every kind the games
  // emit, and random games need not meet them all.
  for (const g of GAMES) {
    const events = JSON.parse(JSON.stringify(schemas.validator(`${g}.event.schema.json`).schema)).properties.kind.enum as string[];
    const met = kinds.get(g) ?? new Set();
    assert.ok(met.size > 0, `${g}: the games met events`);
    for (const k of met) assert.ok(events.includes(k), `${g}: event kind ${k} is in the schema`);
    console.log(`protocol_real.test: ${g}: ${met.size} of ${events.length} event kinds met (not met: ${events.filter((k) => !met.has(k)).join(', ') || 'none'})`);
  }
});

test('protocol schemas: a pause, a history and acts over the rate follow docs/protocol/', { skip: missing }, async () => {
  const schemas = new ProtocolSchemas();
  const server = await startServer(bin, 5);
  let run: Played;
  try {
    run = await playPauseAndRate(server.url);
  } finally {
    server.stop();
  }
  assert.deepEqual(schemas.checkFrames(run.log.map((l) => ({ sent: l.sent, message: l.message }))), []);
  const received = run.log.filter((l) => !l.sent).map((l) => l.message);
  assert.ok(received.some((m) => m.type === 'table' && m.status.paused === true), 'a paused table');
  const history = received.find((m) => m.type === 'history');
  assert.ok(history && history.entries.length > 0, 'a history with entries');
  const dropped = received.filter((m) => m.type === 'error' && m.code === 'rate-limited');
  assert.ok(dropped.length > 0 && dropped.every((m) => m.ref === 'act' && m.seq >= 100), 'dropped acts named by their seq');
});
