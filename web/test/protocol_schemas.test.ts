// The protocol's JSON Schemas (docs/protocol/, draft 2020-12): they compile, README.md lists
// each of them, the messages recorded from a real server in e2e/fixtures follow them, the
// examples of docs/protocol.md follow them, and they are strict: a misspelt or missing field,
// an unknown event kind or message type fails. Whole games against a real server:
// protocol_real.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProtocolSchemas, protocolDir, GAMES } from '../e2e/schemas';
import { games as mockGames, scenes, status as mockStatus } from '../e2e/fixtures';

const dir = protocolDir();
const schemas = new ProtocolSchemas(dir);
const fixtures = join(dir, '..', '..', 'web', 'e2e', 'fixtures');
const load = (f: string) => JSON.parse(readFileSync(join(fixtures, f), 'utf8'));

test('protocol schemas: every file is draft 2020-12, its $id is its name, and README.md lists it', () => {
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const listed = [...readme.matchAll(/`([a-z-]+(?:\.[a-z]+)?\.schema\.json)`/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(listed)].sort(), schemas.files, 'README.md lists exactly the schema files');
  for (const f of schemas.files) {
    const s = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    assert.equal(s.$schema, 'https://json-schema.org/draft/2020-12/schema', f);
    assert.equal(s.$id, f);
  }
  // Each game has its view, its events, its state message and its history message.
  for (const g of GAMES) for (const part of ['view', 'event', 'state', 'history']) assert.ok(schemas.files.includes(`${g}.${part}.schema.json`), `${g}.${part}`);
});

test('protocol schemas: the Baba Yaga messages recorded from a real server (e2e/fixtures) follow them', () => {
  const files = readdirSync(fixtures).filter((f) => f.startsWith('baba-yaga-') && f.endsWith('.seat.json'));
  assert.ok(files.length >= 5, 'the recorded fixtures are there');
  for (const f of files) {
    const { state, log, result } = load(f);
    assert.deepEqual(schemas.checkFrames([{ message: state, game: 'baba-yaga' }]), [], `${f}: state`);
    for (const e of log) assert.deepEqual(schemas.check('baba-yaga.event.schema.json', e), [], `${f}: event ${e.kind}`);
    if (result) assert.deepEqual(schemas.check('server-message.schema.json', result), [], `${f}: result`);
  }
});

test('protocol schemas: the game list of the fixtures follows api-games.schema.json', () => {
  assert.deepEqual(schemas.check('api-games.schema.json', load('games.json')), []);
});

// The JSON examples of docs/protocol.md's WebSocket section, one object after another (an
// object may span lines); an example's view is a placeholder, so states are checked without
// their game's view schema, their events with Sortilèges'.
function examples(): { client: any[]; server: any[] } {
  const doc = readFileSync(join(dir, '..', 'protocol.md'), 'utf8');
  const client = doc.slice(doc.indexOf('### Client → server'), doc.indexOf('### Server → client'));
  const server = doc.slice(doc.indexOf('### Server → client'), doc.indexOf('## Game time'));
  const objects = (text: string) => {
    const out: any[] = [];
    for (const block of text.matchAll(/```json\n([\s\S]*?)```/g)) {
      let pending = '';
      for (const line of block[1].split('\n')) {
        pending += line + '\n';
        try {
          out.push(JSON.parse(pending));
          pending = '';
        } catch {
          // the object goes on, on the next line
        }
      }
      assert.equal(pending.trim(), '', `an example that is not JSON: ${pending}`);
    }
    return out;
  };
  return { client: objects(client), server: objects(server) };
}

test('protocol schemas: the examples of docs/protocol.md follow them', () => {
  const { client, server } = examples();
  assert.deepEqual(client.map((m) => m.type), ['create', 'join', 'rejoin', 'watch', 'start', 'again', 'act', 'ping']);
  for (const m of client) assert.deepEqual(schemas.check('client-message.schema.json', m), [], `client example ${m.type}`);
  const types = server.map((m) => m.type);
  for (const t of ['welcome', 'created', 'joined', 'watching', 'table', 'state', 'history', 'accepted', 'refused', 'result', 'error']) assert.ok(types.includes(t), `an example of ${t}`);
  for (const m of server) assert.deepEqual(schemas.check('server-message.schema.json', m), [], `server example ${m.type}`);
  // The examples are of Sortilèges: their events follow its event schema (a placed card names
  // its card and side).
  for (const m of server.filter((x) => x.type === 'state'))
    for (const e of m.events) assert.deepEqual(schemas.check('sortileges.event.schema.json', e), [], `state example's ${e.kind}`);
  for (const m of server.filter((x) => x.type === 'history')) assert.deepEqual(schemas.check('sortileges.history.schema.json', m), [], 'history example');
});

test('protocol schemas: a misspelt, missing or unknown field, kind or type fails', () => {
  const { state } = load('baba-yaga-target.seat.json');
  const bad = (what: string, id: string, value: unknown) => assert.notDeepEqual(schemas.check(id, value), [], what);
  const good = (what: string, id: string, value: unknown) => assert.deepEqual(schemas.check(id, value), [], what);
  good('the recorded state', 'baba-yaga.state.schema.json', state);
  // The message.
  const { seq, ...noSeq } = state;
  bad('a state without seq', 'server-message.schema.json', noSeq);
  bad('a state with "sequence" for seq', 'server-message.schema.json', { ...noSeq, sequence: seq });
  bad('a deadline without "in"', 'server-message.schema.json', { ...state, deadline: { at: 5 } });
  // The view.
  const { searcher, ...noSearcher } = state.view;
  bad('a view without searcher', 'baba-yaga.state.schema.json', { ...state, view: noSearcher });
  bad('a view with "searchr"', 'baba-yaga.state.schema.json', { ...state, view: { ...noSearcher, searchr: searcher } });
  bad('a tile face up without its ingredient', 'baba-yaga.view.schema.json', {
    ...state.view,
    forest: state.view.forest.map((t: any, i: number) => (i === 0 ? { cell: t.cell, face: 'ingredient' } : t)),
  });
  bad('a forest cell on the path', 'baba-yaga.view.schema.json', { ...state.view, maison: 'C3' });
  bad('an effect misspelt', 'baba-yaga.view.schema.json', { ...state.view, card: { ...state.view.card, effect: 'Tout petit' } });
  // The events.
  good('a turned event', 'baba-yaga.event.schema.json', { kind: 'turned', text: 't', data: { seat: 0, wanted: true } });
  bad('an event of no kind the game emits', 'baba-yaga.event.schema.json', { kind: 'turnd', text: 't', data: { seat: 0, wanted: true } });
  bad('a turned event naming its tile', 'baba-yaga.event.schema.json', { kind: 'turned', text: 't', data: { seat: 0, wanted: true, cell: 'A1' } });
  bad('a turned event without wanted', 'baba-yaga.event.schema.json', { kind: 'turned', text: 't', data: { seat: 0 } });
  bad('an event with data for a Bal kind', 'bal-des-sorcieres.event.schema.json', { kind: 'played', text: 't', data: { seat: 0 } });
  // Another game's view in a state.
  bad('a Baba Yaga view as Sortilèges', 'sortileges.state.schema.json', state);
  // Messages.
  bad('an unknown server message', 'server-message.schema.json', { type: 'welcom', protocol: 1, server: 's', server_time: 0 });
  bad('an act without seq', 'client-message.schema.json', { type: 'act', action: 'ready' });
  bad('an act with a line break', 'client-message.schema.json', { type: 'act', action: 'ready\nready', seq: 1 });
  bad('a create with "spectator" for spectators', 'client-message.schema.json', { type: 'create', game: 'sortileges', spectator: false });
  bad('a join naming another protocol', 'client-message.schema.json', { type: 'join', table: 'k', name: 'M', protocol: 2 });
  good('a join naming protocol 1', 'client-message.schema.json', { type: 'join', table: 'k', name: 'M', protocol: 1 });
});

// The mocks the browser tests answer pages with (e2e/fixtures.ts) are what a server sends: the
// game list, each game's table status in every phase, and every scene's state, log and result.
test('protocol schemas: the mocks of e2e/fixtures.ts follow them', () => {
  assert.deepEqual(schemas.check('api-games.schema.json', mockGames), [], 'the game list');
  for (const g of GAMES)
    for (const phase of ['waiting', 'playing', 'finished'])
      assert.deepEqual(schemas.check('server-message.schema.json', { type: 'table', status: mockStatus(g, phase), you: 0 }), [], `${g} ${phase}`);
  for (const sc of scenes(fixtures)) {
    const frames = [
      { message: { type: 'table', status: mockStatus(sc.game, 'playing'), you: sc.state.you } },
      ...sc.log.map((e, i) => ({ message: { ...sc.state, seq: 30 + i, snapshot: false, events: [e] } })),
      { message: { ...sc.state, snapshot: true } },
      ...(sc.result ? [{ message: sc.result }] : []),
    ];
    assert.deepEqual(schemas.checkFrames(frames), [], sc.name);
  }
});

test('protocol schemas: the messages main added are strict (history, again, status, rate-limited error)', () => {
  const bad = (what: string, id: string, value: unknown) => assert.notDeepEqual(schemas.check(id, value), [], what);
  const good = (what: string, id: string, value: unknown) => assert.deepEqual(schemas.check(id, value), [], what);
  const ev = { kind: 'turned', text: 't', data: { seat: 0, wanted: true } };
  const history = { type: 'history', seq: 3, complete: true, part: 1, parts: 1, entries: [{ seq: 2, time: 10, events: [ev] }] };
  good('a history', 'baba-yaga.history.schema.json', history);
  good('a history’s second part', 'baba-yaga.history.schema.json', { ...history, part: 2, parts: 2 });
  bad('a history without complete', 'server-message.schema.json', { ...history, complete: undefined });
  bad('a history without its part', 'server-message.schema.json', { ...history, part: undefined });
  bad('a history part 0', 'server-message.schema.json', { ...history, part: 0 });
  bad('a history entry without events', 'server-message.schema.json', { ...history, entries: [{ seq: 2, time: 10, events: [] }] });
  bad('a history event of no kind the game emits', 'baba-yaga.history.schema.json', { ...history, entries: [{ seq: 2, time: 10, events: [{ ...ev, kind: 'turnd' }] }] });
  good('again', 'client-message.schema.json', { type: 'again' });
  bad('again with a field', 'client-message.schema.json', { type: 'again', table: 'k3v9q2xw7m4pd8ht' });
  const status = mockStatus('sortileges', 'finished');
  good('a finished table with its next', 'server-message.schema.json', { type: 'table', status: { ...status, next: 'a2b3c4d5e6f7g8h9' }, you: 0 });
  bad('a next that is no table code', 'server-message.schema.json', { type: 'table', status: { ...status, next: 'a2b3c4d5e6f7g8hl' }, you: 0 });
  bad('a table being played with a next', 'server-message.schema.json', { type: 'table', status: { ...mockStatus('sortileges', 'playing'), next: 'a2b3c4d5e6f7g8h9' }, you: 0 });
  bad('a waiting table paused', 'server-message.schema.json', { type: 'table', status: { ...mockStatus('sortileges', 'waiting'), paused: true }, you: 0 });
  const { paused, ...noPaused } = status;
  bad('a status without paused', 'server-message.schema.json', { type: 'table', status: noPaused, you: 0 });
  good('a dropped act', 'server-message.schema.json', { type: 'error', code: 'rate-limited', ref: 'act', seq: 14, message: 'm' });
  bad('a seq on another error', 'server-message.schema.json', { type: 'error', code: 'illegal', ref: 'act', seq: 14, message: 'm' });
  bad('a seq on a dropped ping', 'server-message.schema.json', { type: 'error', code: 'rate-limited', ref: 'ping', seq: 14, message: 'm' });
  good('not-finished', 'server-message.schema.json', { type: 'error', code: 'not-finished', ref: 'again', message: 'm' });
  bad('joined without protocol', 'server-message.schema.json', { type: 'joined', table: 'k3v9q2xw7m4pd8ht', seat: 0, token: '0'.repeat(32) });
  const state = load('baba-yaga-target.seat.json').state;
  bad('a spectator written -1', 'baba-yaga.view.schema.json', { ...state.view, viewer: -1 });
  good('a spectator written "spectator"', 'baba-yaga.view.schema.json', { ...state.view, viewer: 'spectator' });
  bad('a snapshot with events', 'server-message.schema.json', { ...state, snapshot: true, events: [ev] });
});

test('protocol schemas: the ready step and the chat are strict (ready, chat, chat_rules, status.ready_step, status.chat)', () => {
  const bad = (what: string, id: string, value: unknown) => assert.notDeepEqual(schemas.check(id, value), [], what);
  const good = (what: string, id: string, value: unknown) => assert.deepEqual(schemas.check(id, value), [], what);
  const c = 'client-message.schema.json';
  const s = 'server-message.schema.json';
  good('ready', c, { type: 'ready' });
  good('ready for a seat, by the owner', c, { type: 'ready', seat: 2, owner: '0'.repeat(32) });
  bad('ready for seat -1', c, { type: 'ready', seat: -1 });
  bad('ready with a misspelt field', c, { type: 'ready', seats: 1 });
  good('a text', c, { type: 'chat', text: 'bonsoir' });
  good('a reaction', c, { type: 'chat', reaction: '🧹' });
  bad('a reaction of no set', c, { type: 'chat', reaction: '💀' });
  bad('a text and a reaction', c, { type: 'chat', text: 'x', reaction: '🧹' });
  bad('neither', c, { type: 'chat' });
  good('chat rules', c, { type: 'chat_rules', owner: '0'.repeat(32), spectators_write: true, mute: 1 });
  bad('chat rules without the owner', c, { type: 'chat_rules', mute: 1 });
  const status = { ...mockStatus('du-balai', 'waiting', 2), ready_step: { countdown: { in: 2500, length: 3000 } }, chat: { spectators_write: false, muted: [0] } };
  good('a countdown', s, { type: 'table', status, you: 0 });
  bad('a countdown without its length', s, { type: 'table', status: { ...status, ready_step: { countdown: { in: 2500 } } }, you: 0 });
  bad('a ready mark of no kind', s, { type: 'table', status: { ...status, seats: [{ seat: 0, kind: 'human', name: 'A', taken: true, connected: true, stand_in: null, ready: 'yes' }] }, you: 0 });
  bad('chat rules without muted', s, { type: 'table', status: { ...status, chat: { spectators_write: true } }, you: 0 });
  const entry = { id: 1, seat: 0, name: 'Morgane', at: 1765080000000, text: 'bonsoir' };
  good('a chat entry', s, { type: 'chat', recent: false, entries: [entry] });
  good('a spectator’s reaction', s, { type: 'chat', recent: false, entries: [{ id: 2, seat: null, name: null, at: 1, reaction: '✨' }] });
  good('the recent entries in parts', s, { type: 'chat', recent: true, part: 2, parts: 2, entries: [entry] });
  bad('the recent entries without their part', s, { type: 'chat', recent: true, entries: [entry] });
  bad('a new entry with a part', s, { type: 'chat', recent: false, part: 1, parts: 1, entries: [entry] });
  bad('an entry of 201 characters', s, { type: 'chat', recent: true, part: 1, parts: 1, entries: [{ ...entry, text: 'x'.repeat(201) }] });
  bad('an entry with neither text nor reaction', s, { type: 'chat', recent: true, part: 1, parts: 1, entries: [{ id: 1, seat: 0, name: 'M', at: 1 }] });
  bad('a chat without recent', s, { type: 'chat', entries: [] });
  good('chat-too-fast', s, { type: 'error', code: 'chat-too-fast', ref: 'chat', message: 'm' });
  good('seats-free', s, { type: 'error', code: 'seats-free', ref: 'ready', message: 'm' });
});
