// The client's state handling (docs/protocol.md): what each server message does to the session.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOG_LIMIT, countdownLeft, emptySession, mayAct, receive, sent, timeLeft } from '../src/protocol/session';
import type { HistoryMsg, StateMsg } from '../src/protocol/types';

const state = (seq: number, extra: Partial<StateMsg> = {}): StateMsg => ({
  type: 'state',
  seq,
  time: 0,
  view: {},
  events: [],
  actors: [0],
  legal: ['place 7H under left'],
  deadline: null,
  you: 0,
  ...extra,
});

const seated = () =>
  receive(receive(emptySession(), { type: 'welcome', protocol: 1, server: 's', server_time: 1 }, 0), { type: 'joined', table: 'abc', seat: 0, token: 't' }, 0);

test('protocol: joined makes the connection act for its seat and keeps the token', () => {
  const s = seated();
  assert.equal(s.role, 'seat');
  assert.equal(s.seat, 0);
  assert.equal(s.token, 't');
  assert.equal(s.connected, true);
});

test('protocol: states follow one another by seq; a skipped seq marks a gap', () => {
  let s = receive(seated(), state(4), 0);
  s = receive(s, state(5), 0);
  assert.equal(s.gap, false);
  assert.equal(s.state!.seq, 5);
  s = receive(s, state(7), 0);
  assert.equal(s.gap, true, 'seq 6 was lost');
});

test('protocol: the state sent again with the same seq when the table starts brings the legal actions', () => {
  let s = receive(seated(), state(0, { legal: [] }), 0);
  s = receive(s, state(0, { events: [], legal: ['place 7H under left'] }), 0);
  assert.deepEqual(s.state!.legal, ['place 7H under left']);
  assert.equal(s.gap, false);
});

test('protocol: an older state never replaces a newer one', () => {
  let s = receive(seated(), state(5), 0);
  s = receive(s, state(3), 0);
  assert.equal(s.state!.seq, 5);
});

test('protocol: events of each state go to the log, in order', () => {
  let s = receive(seated(), state(1, { events: [{ kind: 'placed', text: 'a' }] }), 0);
  s = receive(s, state(2, { events: [{ kind: 'placed', text: 'b' }, { kind: 'round-won', text: 'c' }] }), 0);
  assert.deepEqual(s.log.map((l) => l.text), ['a', 'b', 'c']);
  assert.deepEqual(s.log.map((l) => l.seq), [1, 2, 2]);
});

test('protocol: accepted clears the pending action with the same seq only', () => {
  let s = receive(seated(), state(1), 0);
  s = sent(s, 3, 'place 7H under left');
  assert.equal(mayAct(s), false, 'one action in flight at a time');
  s = receive(s, { type: 'accepted', seq: 2, at: 2 }, 0);
  assert.notEqual(s.pending, null);
  s = receive(s, { type: 'accepted', seq: 3, at: 2 }, 0);
  assert.equal(s.pending, null);
});

test('protocol: refused keeps the state and shows the explanation', () => {
  let s = receive(seated(), state(1), 0);
  s = sent(s, 1, 'place 7H under left');
  s = receive(s, { type: 'refused', seq: 1, error: "it is seat 2's turn" }, 0);
  assert.equal(s.pending, null);
  assert.equal(s.refusal, "it is seat 2's turn");
  assert.equal(s.state!.seq, 1);
});

test('protocol: a seat with no legal action may not act; spectators never', () => {
  let s = receive(seated(), state(1, { legal: [] }), 0);
  assert.equal(mayAct(s), false);
  s = receive(s, state(2), 0);
  assert.equal(mayAct(s), true);
  const w = receive(receive(emptySession(), { type: 'welcome', protocol: 1, server: 's', server_time: 1 }, 0), { type: 'watching', table: 'abc' }, 0);
  assert.equal(mayAct(receive(w, state(1, { legal: [] }), 0)), false);
});

test('protocol: the countdown starts from deadline.in on receipt, never below zero', () => {
  const s = receive(seated(), state(1, { deadline: { at: 30000, in: 20000 } }), 1000);
  assert.equal(timeLeft(s, 1000), 20000);
  assert.equal(timeLeft(s, 6000), 15000);
  assert.equal(timeLeft(s, 99999), 0);
  assert.equal(timeLeft(receive(s, state(2), 0), 0), null);
});

test('protocol: result and errors are kept; unknown message types change nothing', () => {
  let s = receive(seated(), { type: 'result', scores: [3, 5], ranks: [2, 1], record: '/api/tables/abc/record' }, 0);
  assert.deepEqual(s.result!.scores, [3, 5]);
  s = receive(s, { type: 'error', code: 'not-started', message: 'wait' }, 0);
  assert.equal(s.problem!.code, 'not-started');
  const same = receive(s, { type: 'dance' } as any, 0);
  assert.equal(same, s);
});

// Requirement (coming back, the log): the history sent before the snapshot of a rejoin or a
// watch rebuilds the log with the lines told live, each at its seq, in place of what the page
// held; the snapshot after it adds nothing, and live states go on appending.
test('protocol: history rebuilds the log, then live states append to it', () => {
  let s = receive(seated(), state(1, { events: [{ kind: 'old', text: 'before the reload' }] }), 0);
  s = receive(
    s,
    {
      type: 'history',
      seq: 3,
      complete: true,
      entries: [
        { seq: 1, time: 10, events: [{ kind: 'played', text: 'a' }] },
        { seq: 3, time: 30, events: [{ kind: 'played', text: 'b', data: { x: 1 } }, { kind: 'scored', text: 'c' }] },
      ],
    },
    0,
  );
  assert.deepEqual(
    s.log.map((l) => [l.seq, l.kind, l.text]),
    [
      [1, 'played', 'a'],
      [3, 'played', 'b'],
      [3, 'scored', 'c'],
    ],
  );
  assert.deepEqual(s.log[1].data, { x: 1 });
  s = receive({ ...s, state: null }, { ...state(3), snapshot: true } as StateMsg, 0);
  assert.equal(s.log.length, 3, 'a snapshot tells no events');
  s = receive(s, state(4, { events: [{ kind: 'played', text: 'd' }] }), 0);
  assert.deepEqual(
    s.log.map((l) => l.text),
    ['a', 'b', 'c', 'd'],
  );
});

test('protocol: a history longer than the log keeps its newest lines', () => {
  const entries = Array.from({ length: LOG_LIMIT + 20 }, (_, i) => ({ seq: i + 1, time: i, events: [{ kind: 'k', text: String(i + 1) }] }));
  const s = receive(seated(), { type: 'history', seq: entries.length, complete: true, entries }, 0);
  assert.equal(s.log.length, LOG_LIMIT);
  assert.equal(s.log[s.log.length - 1].text, String(entries.length));
  assert.equal(s.log[0].text, '21');
});

// Requirement (no server message over the bound): a long history comes in parts; the first
// replaces what the page held, the others add to it, in order.
test('protocol: a history in parts rebuilds the log from all of them', () => {
  let s = receive(seated(), state(1, { events: [{ kind: 'old', text: 'before the reload' }] }), 0);
  const part = (k: number, seq: number, text: string) =>
    ({ type: 'history', seq: 3, complete: true, part: k, parts: 3, entries: [{ seq, time: seq, events: [{ kind: 'played', text }] }] }) as HistoryMsg;
  s = receive(s, part(1, 1, 'a'), 0);
  s = receive(s, part(2, 2, 'b'), 0);
  s = receive(s, part(3, 3, 'c'), 0);
  assert.deepEqual(
    s.log.map((l) => [l.seq, l.text]),
    [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ],
  );
});

// Requirement (play again): the `created` of the next table, answered to a seat of the
// finished one, leaves the page at its table.
test('protocol: created while at a table does not move the session', () => {
  const s = receive(seated(), { type: 'created', table: 'next', owner: 'o', invite: 'http://x/t/next' }, 0);
  assert.equal(s.table, 'abc');
  assert.equal(s.owner, null);
});

test('ready, then the clock: the countdown of the ready step counts down from when its status arrived', () => {
  const status = (countdown: { in: number; length: number } | null) => ({
    type: 'table' as const,
    you: 0 as const,
    status: {
      table: 'abc',
      game: 'du-balai',
      players: 2,
      params: {},
      phase: 'waiting' as const,
      spectators: true,
      ready_step: { countdown },
      seats: [
        { seat: 0, kind: 'human' as const, name: 'A', taken: true, connected: true, stand_in: null, ready: 'self' as const },
        { seat: 1, kind: 'human' as const, name: 'B', taken: true, connected: false, stand_in: null, ready: null },
      ],
    },
  });
  let s = receive(seated(), status(null), 1000);
  assert.equal(countdownLeft(s, 1500), null, 'no countdown before everyone is ready');
  s = receive(s, status({ in: 3000, length: 3000 }), 2000);
  assert.equal(countdownLeft(s, 2000), 3000);
  assert.equal(countdownLeft(s, 4500), 500, 'counted on the page clock from the arrival');
  assert.equal(countdownLeft(s, 9000), 0, 'never below zero');
});

test('chat: the recent entries replace the list, a new one is added once, a chat refusal stays out of the table problems', () => {
  const e = (id: number, text: string) => ({ id, seat: 0, name: 'A', at: id, text });
  let s = receive(seated(), { type: 'chat', recent: true, entries: [e(1, 'a'), e(2, 'b')] }, 0);
  assert.deepEqual(s.chat.map((x) => x.id), [1, 2]);
  s = receive(s, { type: 'chat', recent: false, entries: [e(3, 'c')] }, 0);
  s = receive(s, { type: 'chat', recent: false, entries: [e(3, 'c')] }, 0);
  assert.deepEqual(s.chat.map((x) => x.id), [1, 2, 3], 'an entry told twice is shown once');
  s = receive(s, { type: 'chat', recent: true, entries: [e(2, 'b'), e(3, 'c'), e(4, 'd')] }, 0);
  assert.deepEqual(s.chat.map((x) => x.id), [2, 3, 4], 'a rejoin replaces the list');
  s = receive(s, { type: 'chat', recent: true, part: 1, parts: 2, entries: [e(3, 'c'), e(4, 'd')] }, 0);
  s = receive(s, { type: 'chat', recent: true, part: 2, parts: 2, entries: [e(5, 'e')] }, 0);
  assert.deepEqual(s.chat.map((x) => x.id), [3, 4, 5], 'the first part replaces the list, the next add to it');
  s = receive(s, { type: 'error', code: 'chat-too-fast', ref: 'chat', message: 'slow down' }, 0);
  assert.equal(s.problem, null);
  assert.equal(s.chatProblem?.code, 'chat-too-fast');
  s = receive(s, { type: 'chat', recent: false, entries: [e(5, 'e')] }, 0);
  assert.equal(s.chatProblem, null, 'the next entry clears it');
});
