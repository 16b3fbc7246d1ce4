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
  // Each game has its view, its events and its state message.
  for (const g of GAMES) for (const part of ['view', 'event', 'state']) assert.ok(schemas.files.includes(`${g}.${part}.schema.json`), `${g}.${part}`);
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
// their game's schema.
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
  assert.deepEqual(client.map((m) => m.type), ['create', 'join', 'rejoin', 'watch', 'start', 'act', 'ping']);
  for (const m of client) assert.deepEqual(schemas.check('client-message.schema.json', m), [], `client example ${m.type}`);
  const types = server.map((m) => m.type);
  for (const t of ['welcome', 'created', 'joined', 'watching', 'table', 'state', 'accepted', 'refused', 'result', 'error']) assert.ok(types.includes(t), `an example of ${t}`);
  for (const m of server) assert.deepEqual(schemas.check('server-message.schema.json', m), [], `server example ${m.type}`);
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
