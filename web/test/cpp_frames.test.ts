// The protocol's JSON Schemas (docs/protocol/) against what the C++ server tests receive: the
// server test binary runs its suites about messages (seats, tables, history, pause, play again,
// rate limit, refusals, every game played whole; not the slow clock and stand-in suites) with
// SABBAT_FRAMES_DIR set, so that each of its WebSocket clients writes every message it received
// (tests/server/harness.cpp), and every one must follow server-message.schema.json, a state or a
// history also its game's schema. The tests' own game (whisper, a server test double) has no
// schema: its views and events are left out, its messages are still checked. Needs
// build/sabbat_server_tests (or $SABBAT_SERVER_TESTS); skipped with a message when it is absent.
// SABBAT_FRAMES_FROM names a folder that a run of the server tests has already written (ctest,
// in scripts/test.sh): the files of those suites there are checked, and nothing is run again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ProtocolSchemas } from '../e2e/schemas';

const bin = resolve(process.env.SABBAT_SERVER_TESTS ?? '../build/sabbat_server_tests');
const missing = existsSync(bin) ? false : `no server test binary at ${bin} (build the C++ first, or set SABBAT_SERVER_TESTS): the C++ frames' schema checks are skipped`;
if (missing) console.log(`cpp_frames.test: ${missing}`);

const SUITES = [
  'ServerSeats', 'ServerTableMessages', 'ServerHistory', 'ServerPause', 'ServerAgain', 'ServerRateLimit', 'ServerRefusals',
  'ServerPing', 'ServerNames', 'Server/EveryGame', 'Server/EveryGameWaits', 'ServerReadyStep', 'ServerChat',
];

const from = process.env.SABBAT_FRAMES_FROM;
const fileOfSuites = (f: string) => SUITES.some((suite) => f.startsWith(suite.replace('/', '_') + '.'));

test('protocol schemas: every message the C++ server tests receive follows docs/protocol/', { skip: !from && missing }, () => {
  const dir = from ?? mkdtempSync(join(tmpdir(), 'sabbat-frames-'));
  try {
    if (!from) {
      const run = spawnSync(bin, [`--gtest_filter=${SUITES.map((s) => s + '.*').join(':')}`], {
        env: { ...process.env, SABBAT_FRAMES_DIR: dir },
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      assert.equal(run.status, 0, `the server tests failed:\n${(run.stdout ?? '').slice(-4000)}`);
    }
    const schemas = new ProtocolSchemas();
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && fileOfSuites(f));
    let messages = 0;
    const errors: string[] = [];
    const types = new Set<string>();
    for (const f of files) {
      const frames = readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => ({ message: JSON.parse(line) }));
      messages += frames.length;
      for (const fr of frames) types.add(fr.message.type);
      for (const e of schemas.checkFrames(frames)) if (!/no schema for the game whisper/.test(e)) errors.push(`${f}: ${e}`);
    }
    console.log(`cpp_frames.test: ${messages} messages of ${files.length} connections checked`);
    assert.ok(files.length > 50, 'the server tests wrote their connections');
    for (const t of ['welcome', 'created', 'joined', 'watching', 'table', 'state', 'history', 'accepted', 'refused', 'result', 'pong', 'error'])
      assert.ok(types.has(t), `a ${t} message was received`);
    assert.deepEqual(errors.slice(0, 50), [], `${errors.length} messages do not follow the schemas`);
  } finally {
    if (!from) rmSync(dir, { recursive: true, force: true });
  }
});
