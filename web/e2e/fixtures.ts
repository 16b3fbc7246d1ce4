// Seat views for the mock screenshots, cut from full states that `sabbat replay --states`
// printed for two simulated games (e2e/fixtures/*.full.json). The views keep only what the
// seat may see, following src/games/*/view.cpp; the real-server run replaces them.
// Baba Yaga's are not cut: they are the `state` messages seat 0 received from a real
// `sabbat serve`, kept as they came (e2e/fixtures/baba-yaga-*.seat.json, written by
// record_baba_yaga.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const load = (dir: string, name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8'));

export const games = {
  protocol: 1,
  games: [
    {
      id: 'sortileges', name: 'Sortilèges', min_players: 2, max_players: 6, default_players: 4,
      facts: { hidden_information: true, chance: true, real_time: false }, bots: ['random'], default_bot: 'random',
      params: [
        { name: 'unclaimed', kind: 'choice', default: 'removed', choices: ['removed', 'under-gratin'] },
        { name: 'first_seat', kind: 'integer', default: '0', min: 0, max: 5 },
        { name: 'first_player', kind: 'choice', default: 'rotates', choices: ['rotates', 'fixed'] },
      ],
    },
    {
      id: 'du-balai', name: 'Du Balai !', min_players: 2, max_players: 6, default_players: 4,
      facts: { hidden_information: true, chance: true, real_time: true }, bots: ['simple', 'random'], default_bot: 'simple',
      params: [
        { name: 'book_time_ms', kind: 'integer', default: '20000', min: 1000, max: 600000 },
        { name: 'formula_time_ms', kind: 'integer', default: '30000', min: 1000, max: 600000 },
        { name: 'max_turns', kind: 'integer', default: '50', min: 1, max: 500 },
        { name: 'pilot_0', kind: 'choice', default: 'normal', choices: ['normal', 'novice', 'expert'] },
      ],
    },
    {
      id: 'baba-yaga', name: 'Baba Yaga', min_players: 2, max_players: 5, default_players: 3,
      facts: { hidden_information: true, chance: true, real_time: true }, bots: ['random', 'seasoned', 'novice', 'expert'], default_bot: 'seasoned',
      params: [
        { name: 'study_time_ms', kind: 'integer', default: '20000', min: 1000, max: 600000 },
        { name: 'move_time_ms', kind: 'integer', default: '5000', min: 200, max: 600000 },
        { name: 'home_sweet_home', kind: 'boolean', default: 'false' },
        { name: 'level_0', kind: 'choice', default: 'cours-toujours', choices: ['balade', 'cours-toujours', 'sauve-qui-peut'] },
      ],
    },
  ],
};

export function status(game: string, phase: string, players = 4) {
  // The Baba Yaga fixtures were recorded with four people at the table, under these names.
  if (game === 'baba-yaga')
    return {
      table: 'k3v9q2xw7m4pd8ht', game, players, params: {}, phase, spectators: true, watchers: 0,
      seats: ['Morgane', 'Circé', 'Hécate', 'Mélusine'].slice(0, players).map((name, seat) => ({ seat, kind: 'human', name, taken: true, connected: true })),
    };
  const names = ['Morgane', 'Circé', 'Baba', 'Hécate'];
  return {
    table: 'k3v9q2xw7m4pd8ht', game, players, params: {}, phase, spectators: true, watchers: 0,
    seats: names.slice(0, players).map((n, i) =>
      i === 1 ? { seat: i, kind: 'bot', bot: game === 'du-balai' ? 'simple' : 'random' } : { seat: i, kind: 'human', name: phase === 'waiting' && i > 0 ? null : n, taken: phase !== 'waiting' || i === 0, connected: phase !== 'waiting' || i === 0 }),
  };
}

const POINTS: Record<string, number> = { K: 3, Q: 2, J: 1, A: 1 };
// The result line of the simulated game's record (alliances included).
const FINAL = [7, 3, 8, 17];

function sortilegesView(full: any, seat: number) {
  const n = full.options.players;
  return {
    game: 'sortileges', players: n, viewer: seat, round: full.round, terminal: full.terminal,
    current: full.terminal ? null : full.current, first_player: full.round_first, unclaimed: full.options.unclaimed,
    pile_size: full.pile.length,
    gratin: { size: full.gratin_bottom_first.length, known_bottom: [] },
    couple: full.terminal ? null : { left: { face_down: true, known: null }, right: full.couple[1] ? { face_down: true, known: null } : null },
    seats: full.areas.map((a: any, i: number) => ({
      seat: i, left: a.left, right: a.right, placements_left: 3 - a.left.length - a.right.length,
      discarded: a.discards.length, holding: a.hand.length, won: a.won,
      // Fixture only: loose card points; the server's view counts alliances too.
      points: full.terminal ? FINAL[i] : a.won.reduce((s: number, c: string) => s + (POINTS[c.slice(0, -1)] ?? 0), 0), alliances: [],
    })),
    hand: full.areas[seat].hand, discards: full.areas[seat].discards, removed: full.removed, last_round: full.last_round,
    ...(full.terminal ? { scores: FINAL, ranks: [3, 4, 2, 1] } : {}),
  };
}

function duBalaiView(full: any, seat: number) {
  const v = JSON.parse(JSON.stringify(full));
  for (const k of ['deck_order', 'rng', 'deadline_at', 'step_raw']) delete v[k];
  v.viewer = seat;
  const revealed = v.phase === 'resolving' || v.phase === 'over';
  if (!(v.phase === 'book-open' || revealed)) v.dice = null;
  if (!revealed) v.book = null;
  if (v.resolving !== seat) delete v.drawn;
  for (const w of v.witches) {
    if (w.seat !== seat && v.phase !== 'over') delete w.hand;
    if (!revealed && !(w.seat === seat && w.written)) {
      delete w.formulas;
      delete w.second;
    }
  }
  if (v.deadline) v.deadline = { at: v.deadline.at, action: v.deadline.action };
  return v;
}

const WORDS = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
// The writing phase as the server sends it: `formula none` listed, the 511 formulas as a form.
const FORMULA_FORM = { prefix: 'formula', picks: [{ of: WORDS, min: 1, max: 9 }] };

export interface Scene {
  name: string;
  game: string;
  state: any;
  log: { kind: string; text: string; data?: unknown }[];
  result?: any;
  keys?: string[];
  // On the phone, the part of the page to show (scrolled to its foot).
  scroll?: string;
}

// The Baba Yaga moments recorded from a real server, in the order of the game.
export const BABA_YAGA_SCENES = ['study', 'search', 'target', 'move', 'blind', 'small', 'result'];

function babaYagaScene(dir: string, name: string): Scene {
  const f = load(dir, `baba-yaga-${name}.seat.json`);
  // The state's own events are the log's last lines: the mock sends them one by one first.
  const scroll = ['search', 'blind', 'small'].includes(name) ? '.by-board' : undefined;
  // At the study, ? shows the list of keys.
  const keys = name === 'study' ? ['?'] : undefined;
  return { name: `baba-yaga-${name}`, game: 'baba-yaga', state: { ...f.state, events: [] }, log: f.log, result: f.result, scroll, keys };
}

// Every ingredient and the tile it lay on at the study (before any Brouillard bizarre !).
export function babaYagaStudyLayout(dir: string): Map<string, string> {
  const v = load(dir, 'baba-yaga-study.seat.json').state.view;
  return new Map(v.forest.map((t: any) => [t.cell, t.ingredient]));
}

export function scenes(dir: string): Scene[] {
  const st = (view: any, legal: string[], actors: number[], you: number, deadline: any = null) => ({ type: 'state', seq: 42, time: 61000, view, events: [], actors, legal, deadline, you });
  const s3 = load(dir, 'sortileges-round3.full.json');
  const send = load(dir, 'sortileges-end.full.json');
  const open = load(dir, 'du-balai-book-open.full.json');
  const writing = load(dir, 'du-balai-writing.full.json');
  const keep = load(dir, 'du-balai-keep.full.json');
  return [
    {
      name: 'sortileges', game: 'sortileges',
      state: st(sortilegesView(s3, 0), s3.areas[0].hand.flatMap((c: string) => [`place ${c} under left`, `place ${c} under right`]), [0], 0),
      log: [
        { kind: 'round-won', text: 'Round 2: seat 3 wins J♣ (left) with Plumpus.' },
        { kind: 'round-won', text: 'Round 2: seat 3 wins Q♦ (right) with Plumpus.' },
        { kind: 'placed', text: 'Seat 2 places 10D under the left couple card.' },
        { kind: 'placed', text: 'Seat 3 places 6H under the left couple card.' },
      ],
    },
    {
      name: 'sortileges-result', game: 'sortileges',
      state: st(sortilegesView(send, 0), [], [], 0),
      log: [{ kind: 'game-over', text: 'The Gratin is empty: the game is over.' }],
      result: { type: 'result', scores: [7, 3, 8, 17], ranks: [3, 4, 2, 1], record: '/api/tables/k3v9q2xw7m4pd8ht/record' },
    },
    {
      name: 'du-balai-book-open', game: 'du-balai',
      state: st(duBalaiView(open, 0), ['close-book'], open.actors, 0, { at: open.deadline.at, in: 14200 }),
      log: [{ kind: 'roll', text: 'Turn 3: the dice are rolled; the book is open.' }],
    },
    {
      name: 'du-balai-writing', game: 'du-balai',
      state: { ...st(duBalaiView(writing, 0), ['formula none'], writing.actors, 0, { at: writing.deadline.at, in: 23800 }), legal_forms: [FORMULA_FORM] },
      log: [{ kind: 'closed', text: 'Seat 1 closes the book.' }, { kind: 'written', text: 'Seat 1 has written a formula.' }, { kind: 'written', text: 'Seat 2 has written a formula.' }],
      keys: ['1', '9'],
    },
    {
      name: 'du-balai-magie-noire', game: 'du-balai',
      state: st(duBalaiView(keep, 3), keep.drawn.map((c: string) => `keep ${c}`), [3], 3, { at: keep.deadline.at, in: 12000 }),
      log: [{ kind: 'moved', text: 'seat 3: formula foulzz biii nebulo arakna (perfect); square 2 -> 6' }],
    },
    ...BABA_YAGA_SCENES.map((n) => babaYagaScene(dir, n)),
  ];
}
