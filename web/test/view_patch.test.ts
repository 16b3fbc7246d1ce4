// Views as patches (docs/protocol.md, "Views as patches"): the page applies a state's
// `view_patch` (RFC 6902) to the view it holds, without changing that view, and resynchronises
// when it cannot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyPatch } from '../src/protocol/patch';
import { emptySession, receive } from '../src/protocol/session';
import type { StateMsg } from '../src/protocol/types';

test('view_patch: replace, add and remove in objects and arrays, keys escaped as RFC 6901 says', () => {
  const view = { players: [{ score: 3 }, { score: 5 }], hand: ['7H'], 'a/b': 1, 'm~n': 2, gone: true };
  const out = applyPatch(view, [
    { op: 'replace', path: '/players/1/score', value: 7 },
    { op: 'add', path: '/hand/1', value: '2C' },
    { op: 'add', path: '/hand/-', value: 'QS' },
    { op: 'replace', path: '/a~1b', value: 9 },
    { op: 'replace', path: '/m~0n', value: 8 },
    { op: 'remove', path: '/gone' },
    { op: 'add', path: '/new', value: { x: 1 } },
  ]);
  assert.deepEqual(out, { players: [{ score: 3 }, { score: 7 }], hand: ['7H', '2C', 'QS'], 'a/b': 9, 'm~n': 8, new: { x: 1 } });
});

test('view_patch: the old view is left as it was; what did not change is shared', () => {
  const view = { players: [{ score: 3 }, { score: 5 }], forest: [{ face: 'x' }] };
  const before = JSON.stringify(view);
  const out = applyPatch(view, [{ op: 'replace', path: '/players/0/score', value: 4 }]) as typeof view;
  assert.equal(JSON.stringify(view), before);
  assert.equal(out.forest, view.forest);
  assert.equal(out.players[1], view.players[1]);
  assert.notEqual(out.players[0], view.players[0]);
});

test('view_patch: the whole view replaced at the path ""', () => {
  assert.deepEqual(applyPatch({ a: 1 }, [{ op: 'replace', path: '', value: { b: 2 } }]), { b: 2 });
});

test('view_patch: an operation that does not apply throws', () => {
  assert.throws(() => applyPatch({ a: 1 }, [{ op: 'replace', path: '/b', value: 1 }]), /no member b/);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: 'replace', path: '/a/3', value: 1 }]), /out of range/);
  assert.throws(() => applyPatch({ a: [1] }, [{ op: 'remove', path: '/a/x' }]), /not an array index/);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: 'replace', path: '/a/b', value: 1 }]), /no object or array/);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: 'move' as 'add', path: '/a' }]), /unknown op/);
});

const state = (seq: number, extra: Partial<StateMsg>): StateMsg => ({
  type: 'state',
  seq,
  time: 0,
  view: undefined,
  events: [],
  actors: [0],
  legal: [],
  deadline: null,
  you: 0,
  ...extra,
});

const seated = () =>
  receive(receive(emptySession(), { type: 'welcome', protocol: 1, server: 's', server_time: 1 }, 0), { type: 'joined', table: 'abc', seat: 0, token: 't' }, 0);

test('view_patch: a state that comes as a patch holds the patched view, and the next patches the one after', () => {
  let s = receive(seated(), state(3, { view: { round: 1, hand: ['7H'] } }), 0);
  s = receive(s, state(4, { view_patch: [{ op: 'replace', path: '/round', value: 2 }] }), 0);
  assert.deepEqual(s.state?.view, { round: 2, hand: ['7H'] });
  assert.equal(s.state?.view_patch, undefined);
  s = receive(s, state(5, { view_patch: [{ op: 'replace', path: '/hand', value: [] }] }), 0);
  assert.deepEqual(s.state?.view, { round: 2, hand: [] });
  assert.equal(s.gap, false);
});

test('view_patch: without the view before it (a lost message), or if it does not apply, the page keeps its view and resynchronises', () => {
  const first = receive(seated(), state(3, { view: { round: 1 } }), 0);
  const skipped = receive(first, state(5, { view_patch: [{ op: 'replace', path: '/round', value: 3 }] }), 0);
  assert.equal(skipped.gap, true);
  assert.deepEqual(skipped.state?.view, { round: 1 });
  const broken = receive(first, state(4, { view_patch: [{ op: 'replace', path: '/nothing', value: 3 }] }), 0);
  assert.equal(broken.gap, true);
  assert.equal(broken.state?.seq, 3);
  const none = receive(seated(), state(0, { view_patch: [] }), 0);
  assert.equal(none.gap, true);
  assert.equal(none.state, null);
});
