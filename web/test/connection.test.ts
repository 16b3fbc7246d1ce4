// The connection: intents become protocol messages; tokens go to storage; a lost connection
// rejoins with the stored token; a lost state resynchronises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection } from '../src/protocol/connection';
import { MemoryStore, Tokens } from '../src/protocol/storage';
import { FakeSocket } from './fake_socket';

function setup(store = new MemoryStore(), table?: string) {
  const sockets: FakeSocket[] = [];
  const urls: string[] = [];
  const timers: (() => void)[] = [];
  const c = new Connection({
    url: 'ws://x/ws',
    table,
    open: (url) => {
      const s = new FakeSocket();
      sockets.push(s);
      urls.push(url);
      return s;
    },
    tokens: new Tokens(store),
    schedule: (fn) => timers.push(fn),
    pingEveryMs: 0,
  });
  return { c, sockets, timers, store, urls };
}

const state = (seq: number, legal: string[] = ['pass']) => ({ type: 'state', seq, time: 0, view: {}, events: [], actors: [0], legal, deadline: null, you: 0 });

test('protocol: intents sent before the socket opens are sent once it opens, tagged protocol 1', () => {
  const { c, sockets } = setup();
  c.connect();
  c.join('abc', 'Morgane');
  assert.equal(sockets[0].sent.length, 0);
  sockets[0].open();
  assert.deepEqual(sockets[0].sent, [{ type: 'join', table: 'abc', name: 'Morgane', patches: true, protocol: 1 }]);
});

test('protocol: the seat token from joined is stored, and a lost connection rejoins with it', () => {
  const { c, sockets, timers, store } = setup();
  c.connect();
  sockets[0].open();
  c.join('abc', 'Morgane');
  sockets[0].server({ type: 'joined', table: 'abc', seat: 2, token: 'f00d' });
  assert.deepEqual(new Tokens(store).seat('abc'), { seat: 2, token: 'f00d' });
  sockets[0].close();
  assert.equal(c.session.connected, false);
  assert.equal(timers.length, 1);
  timers[0]();
  sockets[1].open();
  assert.deepEqual(sockets[1].sent, [{ type: 'rejoin', table: 'abc', token: 'f00d', patches: true, protocol: 1 }]);
});

test('protocol: a page reloaded finds its token and rejoins', () => {
  const store = new MemoryStore();
  new Tokens(store).saveSeat('abc', { seat: 1, token: 'beef' });
  const { c, sockets } = setup(store);
  c.connect();
  assert.equal(c.rejoin('abc'), true);
  assert.equal(c.rejoin('other'), false, 'no token for another table');
  sockets[0].open();
  assert.deepEqual(sockets[0].sent[0], { type: 'rejoin', table: 'abc', token: 'beef', patches: true, protocol: 1 });
});

test('protocol: act sends only legal actions, with increasing seq, one at a time', () => {
  const { c, sockets } = setup();
  c.connect();
  sockets[0].open();
  sockets[0].server({ type: 'welcome', protocol: 1, server: 's', server_time: 0 });
  sockets[0].server({ type: 'joined', table: 'abc', seat: 0, token: 't' });
  sockets[0].server(state(1, ['place 7H under left', 'place 7H under right']));
  assert.equal(c.act('place 2C under left'), false, 'not offered by the server');
  assert.equal(c.act('place 7H under left'), true);
  assert.equal(c.act('place 7H under right'), false, 'the first is not answered yet');
  sockets[0].server({ type: 'accepted', seq: 1, at: 2 });
  sockets[0].server(state(2, ['place 7H under right']));
  assert.equal(c.act('place 7H under right'), true);
  const acts = sockets[0].sent.filter((m) => m.type === 'act');
  assert.deepEqual(acts.map((m) => [m.seq, m.action]), [
    [1, 'place 7H under left'],
    [2, 'place 7H under right'],
  ]);
});

test('protocol: actText sends a move as written, for the server to read, one at a time and only when the seat may act', () => {
  const { c, sockets } = setup();
  c.connect();
  sockets[0].open();
  sockets[0].server({ type: 'welcome', protocol: 1, server: 's', server_time: 0 });
  sockets[0].server({ type: 'joined', table: 'abc', seat: 0, token: 't' });
  sockets[0].server(state(1, []));
  assert.equal(c.actText('lutin : Lutin farceur'), false, 'the seat may not act');
  sockets[0].server(state(2, ['lutin : Lutin farceur', 'lutin : ?']));
  assert.equal(c.actText('  '), false, 'nothing written');
  assert.equal(c.actText('lutin : lutin  FARCEUR'), true, 'a text the legal list does not hold goes to the server');
  assert.equal(c.actText('lutin : Lutin farceur'), false, 'the first is not answered yet');
  sockets[0].server({ type: 'refused', seq: 1, error: 'no' });
  assert.equal(c.actText('lutin : Lutin farceur'), true);
  const acts = sockets[0].sent.filter((m) => m.type === 'act');
  assert.deepEqual(acts.map((m) => [m.seq, m.action]), [
    [1, 'lutin : lutin  FARCEUR'],
    [2, 'lutin : Lutin farceur'],
  ]);
});

test('protocol: a gap in states closes the socket and the next one rejoins for a fresh state', () => {
  const { c, sockets, timers } = setup();
  c.connect();
  sockets[0].open();
  sockets[0].server({ type: 'welcome', protocol: 1, server: 's', server_time: 0 });
  sockets[0].server({ type: 'joined', table: 'abc', seat: 0, token: 't' });
  sockets[0].server(state(1));
  sockets[0].server(state(3));
  assert.equal(sockets[0].closed, true);
  timers[0]();
  assert.equal(c.session.state, null, 'the stale state is dropped');
  sockets[1].open();
  assert.equal(sockets[1].sent[0].type, 'rejoin');
  sockets[1].server(state(3));
  assert.equal(c.session.gap, false);
});

test('protocol: replaced by another tab, the page does not fight back', () => {
  const { c, sockets, timers } = setup();
  c.connect();
  sockets[0].open();
  sockets[0].server({ type: 'joined', table: 'abc', seat: 0, token: 't' });
  sockets[0].server({ type: 'error', code: 'replaced', message: 'another connection rejoined this seat' });
  sockets[0].close();
  assert.equal(timers.length, 0);
  assert.equal(c.session.problem!.code, 'replaced');
});

test('protocol: a wrong token is forgotten so the page offers to join again', () => {
  const store = new MemoryStore();
  new Tokens(store).saveSeat('abc', { seat: 1, token: 'old' });
  const { c, sockets } = setup(store);
  c.connect();
  sockets[0].open();
  c.rejoin('abc');
  sockets[0].server({ type: 'joined', table: 'abc', seat: 1, token: 'old' });
  sockets[0].server({ type: 'error', code: 'wrong-token', ref: 'rejoin', message: 'no' });
  assert.equal(new Tokens(store).seat('abc'), null);
});

test('protocol: created keeps the owner token, and start sends it', () => {
  const { c, sockets, store } = setup();
  c.connect();
  sockets[0].open();
  c.create('sortileges', 4, { unclaimed: 'removed' }, [null, { bot: 'random' }, null, null]);
  assert.equal(sockets[0].sent[0].type, 'create');
  assert.deepEqual(sockets[0].sent[0].seats, [null, { bot: 'random' }, null, null]);
  sockets[0].server({ type: 'created', table: 'abc', owner: 'own', invite: 'http://h/t/abc' });
  assert.equal(new Tokens(store).owner('abc'), 'own');
  assert.equal(c.start('abc'), true);
  // The table's own connection names it; the one that created it has closed.
  assert.equal(sockets.length, 2);
  assert.equal(sockets[0].readyState, 3);
  sockets[1].open();
  assert.deepEqual(sockets[1].sent[0], { type: 'start', owner: 'own', protocol: 1 });
  assert.equal(c.start('zzz'), false);
});

test('protocol: a connection names its table in the URL (/ws?table=CODE), after a reconnect too', () => {
  const { c, sockets, urls, timers } = setup(new MemoryStore(), 'abc');
  c.connect();
  sockets[0].open();
  c.watch('abc');
  assert.equal(urls[0], 'ws://x/ws?table=abc');
  sockets[0].server({ type: 'watching', table: 'abc' });
  sockets[0].close();
  timers.shift()!();
  assert.equal(urls[1], 'ws://x/ws?table=abc');
  assert.equal(c.session.connected, false);
});

test('protocol: creating a table opens its named connection, and the session keeps the invite', () => {
  const { c, sockets, urls } = setup();
  c.connect();
  sockets[0].open();
  assert.equal(urls[0], 'ws://x/ws');
  c.create('sortileges', 2, {}, [null, null]);
  sockets[0].server({ type: 'created', table: 'k2', owner: 'o', invite: 'http://h/t/k2' });
  c.join('k2', 'Morgane', 0);
  assert.equal(urls[1], 'ws://x/ws?table=k2');
  sockets[1].open();
  assert.equal(sockets[1].sent[0].type, 'join');
  assert.equal(c.session.invite, 'http://h/t/k2');
});

test('protocol: a seat setting (forced ask / forced auto) is sent as an act whatever the legal actions, one at a time', () => {
  const { c, sockets } = setup();
  c.connect();
  sockets[0].open();
  assert.equal(c.setting('forced ask'), false, 'not connected yet: nothing sent');
  sockets[0].server({ type: 'welcome', protocol: 1, server: 's', server_time: 0 });
  assert.equal(c.setting('forced ask'), false, 'no seat: nothing sent');
  sockets[0].server({ type: 'joined', table: 'abc', seat: 1, token: 't' });
  sockets[0].server(state(1, []));
  assert.equal(c.setting('forced ask'), true, 'no legal action offered, the setting still goes');
  assert.equal(c.setting('forced auto'), false, 'the first is not answered yet');
  sockets[0].server({ type: 'accepted', seq: 1, at: 1 });
  assert.equal(c.setting('forced auto'), true);
  assert.equal(c.setting(' '), false, 'an empty setting is not sent');
  const acts = sockets[0].sent.filter((m) => m.type === 'act');
  assert.deepEqual(acts.map((m) => [m.seq, m.action]), [
    [1, 'forced ask'],
    [2, 'forced auto'],
  ]);
});

test('protocol: a spectator sends no seat setting', () => {
  const { c, sockets } = setup();
  c.connect();
  sockets[0].open();
  sockets[0].server({ type: 'welcome', protocol: 1, server: 's', server_time: 0 });
  sockets[0].server({ type: 'watching', table: 'abc' });
  sockets[0].server(state(1, []));
  assert.equal(c.setting('forced ask'), false);
  assert.equal(sockets[0].sent.filter((m) => m.type === 'act').length, 0);
});

test('ready, then the clock: ready sends the seat\'s ready; readyFor needs the owner token and names the seat', () => {
  const store = new MemoryStore();
  const { c, sockets } = setup(store);
  c.connect();
  sockets[0].open();
  c.ready();
  assert.equal(c.readyFor('abc', 1), false, 'not the owner: nothing sent');
  new Tokens(store).saveOwner('abc', 'own');
  assert.equal(c.readyFor('abc', 1), true);
  assert.deepEqual(sockets[0].sent, [
    { type: 'ready', protocol: 1 },
    { type: 'ready', seat: 1, owner: 'own', protocol: 1 },
  ]);
});
