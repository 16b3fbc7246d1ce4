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
        { name: 'unclaimed', kind: 'choice', default: 'removed', choices: ['removed', 'under-gratin'], description: 'a couple card nobody placed under is removed from the game, or goes under the Gratin' },
        { name: 'first_seat', kind: 'integer', default: '0', min: 0, max: 5, description: 'the seat that plays first in round 1' },
        { name: 'first_player', kind: 'choice', default: 'rotates', choices: ['rotates', 'fixed'], description: 'who starts the later rounds' },
      ],
    },
    {
      id: 'du-balai', name: 'Du Balai !', min_players: 2, max_players: 6, default_players: 4,
      facts: { hidden_information: true, chance: true, real_time: true }, bots: ['simple', 'random'], default_bot: 'simple',
      params: [
        { name: 'book_time_ms', kind: 'integer', default: '20000', min: 1000, max: 600000, description: 'how long the book stays open, in ms' },
        { name: 'formula_time_ms', kind: 'integer', default: '30000', min: 1000, max: 600000, description: 'how long the witches have to write, in ms' },
        { name: 'max_turns', kind: 'integer', default: '50', min: 1, max: 500, description: 'the most turns a game lasts' },
        { name: 'pilot_0', kind: 'choice', default: 'normal', choices: ['normal', 'novice', 'expert'], description: "seat 1's pilot" },
      ],
    },
    {
      id: 'baba-yaga', name: 'Baba Yaga', min_players: 2, max_players: 5, default_players: 3,
      facts: { hidden_information: true, chance: true, real_time: true }, bots: ['random', 'seasoned', 'novice', 'expert'], default_bot: 'seasoned',
      params: [
        { name: 'study_time_ms', kind: 'integer', default: '20000', min: 1000, max: 600000, description: 'how long the study lasts, in ms' },
        { name: 'move_time_ms', kind: 'integer', default: '5000', min: 200, max: 600000, description: 'how long a move of Baba Yaga may wait, in ms' },
        { name: 'home_sweet_home', kind: 'boolean', default: 'false', description: 'the Home Sweet Home variant' },
        { name: 'level_0', kind: 'choice', default: 'cours-toujours', choices: ['balade', 'cours-toujours', 'sauve-qui-peut'], description: "seat 1's level" },
      ],
    },
  ],
};

export function status(game: string, phase: string, players = 4) {
  // The Baba Yaga fixtures were recorded with four people at the table, under these names.
  if (game === 'baba-yaga')
    return {
      table: 'k3v9q2xw7m4pd8ht', game, players, params: {}, phase, spectators: true, listed: false, watchers: 0, paused: false, next: null,
      seats: ['Morgane', 'Circé', 'Hécate', 'Mélusine'].slice(0, players).map((name, seat) => ({ seat, kind: 'human', name, taken: true, connected: true, stand_in: null })),
    };
  const names = ['Morgane', 'Circé', 'Baba', 'Hécate'];
  return {
    table: 'k3v9q2xw7m4pd8ht', game, players, params: {}, phase, spectators: true, listed: false, watchers: 0, paused: false, next: null,
    seats: names.slice(0, players).map((n, i) =>
      i === 1
        ? { seat: i, kind: 'bot', bot: game === 'du-balai' ? 'simple' : 'random' }
        : { seat: i, kind: 'human', name: phase === 'waiting' && i > 0 ? null : n, taken: phase !== 'waiting' || i === 0, connected: phase !== 'waiting' || i === 0, stand_in: null }),
  };
}

const POINTS: Record<string, number> = { K: 3, Q: 2, J: 1, A: 1 };
// The result line of the simulated game's record (alliances included).
const FINAL = [7, 3, 8, 17];

function ownSpell(cards: string[]) {
  return cards.length ? { cards, couple_known: false, spell: 'Plumpus', if_suit: {} } : { cards, couple_known: false, spell: null };
}

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
    // The seat's cards under each couple card (face down). Fixture only: cards count as
    // Plumpus whatever the couple card's suit; the server's view judges them.
    ...(full.terminal
      ? {}
      : { yours: { left: ownSpell(full.areas[seat].left), right: full.couple[1] ? ownSpell(full.areas[seat].right) : null } }),
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
  // Fields the view gained since these states were printed: the dice are fleeting when the
  // book is open to this seat alone; an outcome says whether both formulas were of one
  // colour and whether the witch fell (no second formula in these games, nobody fell).
  v.fleeting = v.book_open_to_you && v.dice !== null && v.phase === 'book-open';
  // A second formula nobody may write is "none" now ("unavailable" when these were printed).
  for (const w of v.witches) if (w.second === 'unavailable') w.second = 'none';
  for (const w of v.witches)
    if (w.outcome) {
      const { second_ignored: _, ...o } = w.outcome;
      w.outcome = { ...o, same_colour: false, fell: false };
    }
  return v;
}

const WORDS = ['zaam', 'boulga', 'foulzz', 'glou', 'biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
// The writing phase as the server sends it: `formula none` listed, the 511 formulas as a form.
const FORMULA_FORM = { prefix: 'formula', picks: [{ of: WORDS, min: 1, max: 9 }] };
// Holding Double-jeu: an optional second formula from the cards left (`formula A second B`).
const DOUBLE_JEU_FORM = { prefix: 'formula', distinct: true, picks: [{ of: WORDS, min: 1, max: 9 }, { word: 'second', optional: true, of: WORDS, min: 1, max: 9 }] };

// The writing scene with Double-jeu in seat 0's hand (the view shows her own hand).
function withDoubleJeu(view: any) {
  const v = JSON.parse(JSON.stringify(view));
  const me = v.witches[v.viewer];
  me.hand = ['double-jeu'];
  me.magie_noire = 1;
  return v;
}

export interface Scene {
  name: string;
  game: string;
  state: any;
  log: { kind: string; text: string; data?: unknown }[];
  result?: any;
  keys?: string[];
  // On the phone, the part of the page to show (scrolled to its foot).
  scroll?: string;
  // After the screenshot: the button to click and the `act` text the page must send.
  sends?: { click: string; action: string };
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
        { kind: 'round-started', text: 'Round 3 begins: seat 2 plays first.', data: { round: s3.round, first_player: s3.round_first, couple_cards: s3.couple[1] ? 2 : 1, gratin_size: s3.gratin_bottom_first.length } },
        { kind: 'placed', text: 'Seat 2 places 10D under the left couple card.', data: { seat: 2, card: '10D', side: 'left' } },
        { kind: 'placed', text: 'Seat 3 places 6H under the left couple card.', data: { seat: 3, card: '6H', side: 'left' } },
        { kind: 'placed', text: 'Seat 2 places 7H under the right couple card.', data: { seat: 2, card: '7H', side: 'right' } },
      ],
    },
    {
      name: 'sortileges-result', game: 'sortileges',
      state: st(sortilegesView(send, 0), [], [], 0),
      log: [{ kind: 'game-over', text: 'The Gratin is empty: the game is over.', data: { scores: FINAL, ranks: [3, 4, 2, 1] } }],
      result: { type: 'result', scores: [7, 3, 8, 17], ranks: [3, 4, 2, 1], record: '/api/tables/k3v9q2xw7m4pd8ht/record' },
    },
    {
      name: 'du-balai-book-open', game: 'du-balai',
      state: st(duBalaiView(open, 0), ['close-book'], open.actors, 0, { at: open.deadline.at, in: 14200 }),
      log: [{ kind: 'book-open', text: 'Turn 3: the dice are rolled; the book is open.', data: { turn: open.turn, dice: open.dice } }],
    },
    {
      name: 'du-balai-writing', game: 'du-balai',
      state: { ...st(duBalaiView(writing, 0), ['formula none'], writing.actors, 0, { at: writing.deadline.at, in: 23800 }), legal_forms: [FORMULA_FORM] },
      log: [
        { kind: 'book-closed', text: 'Seat 1 closes the book.', data: { closer: 1 } },
        { kind: 'written', text: 'Seat 1 has written a formula.', data: { seat: 1 } },
        { kind: 'written', text: 'Seat 2 has written a formula.', data: { seat: 2 } },
      ],
      keys: ['1', '9'],
    },
    {
      // Double-jeu: keys 1 and 5 (Zââm, Biii) for formula 1, Enter, then 4 (Gloû) for formula 2.
      name: 'du-balai-double-jeu', game: 'du-balai',
      state: { ...st(withDoubleJeu(duBalaiView(writing, 0)), ['formula none'], writing.actors, 0, { at: writing.deadline.at, in: 23800 }), legal_forms: [DOUBLE_JEU_FORM] },
      log: [
        { kind: 'book-closed', text: 'Seat 1 closes the book.', data: { closer: 1 } },
        { kind: 'written', text: 'Seat 1 has written a formula.', data: { seat: 1 } },
      ],
      keys: ['1', '5', 'Enter', '4'],
      scroll: '.symbol-hand .write-row',
      sends: { click: '.symbol-hand .write-row .primary', action: 'formula zaam biii second glou' },
    },
    {
      name: 'du-balai-magie-noire', game: 'du-balai',
      state: st(duBalaiView(keep, 3), keep.drawn.map((c: string) => `keep ${c}`), [3], 3, { at: keep.deadline.at, in: 12000 }),
      log: [
        { kind: 'drew', text: 'Seat 3 draws 4 Magie noire cards.', data: { seat: 3, count: keep.drawn.length } },
        { kind: 'drawn-cards', text: 'You draw acrobatie-3, acrobatie-2, vent-arriere, mauvais-sort.', data: { seat: 3, cards: keep.drawn } },
      ],
    },
    rectificationScene(writing),
    ...BABA_YAGA_SCENES.map((n) => babaYagaScene(dir, n)),
  ];
}

// Rectification after the reveal: her four-card formula and the five cards left make twenty
// exchanges, shown as a grid; the book revealed makes one of them valid.
function rectificationScene(writing: any): Scene {
  const v = duBalaiView(writing, 0);
  v.phase = 'resolving';
  v.resolving = 0;
  v.step = 'formula-spells';
  const formula = ['zaam', 'boulga', 'foulzz', 'glou'];
  const rest = ['biii', 'nebulo', 'zyeux', 'arakna', 'stella'];
  v.book = { valid_orange: ['boulga', 'foulzz', 'glou', 'stella'], valid_black: ['nebulo', 'zyeux'], in_both_colours: ['zaam'] };
  v.witches[0].formulas = [{ cards: formula, text: formula.join(' '), colour: 'orange', counts: true }];
  v.witches[0].second = 'none';
  v.witches[0].hand = ['rectification'];
  const legal = [...formula.flatMap((o) => rest.map((i) => `play rectification ${o} for ${i}`)), 'pass'];
  return {
    name: 'du-balai-rectification', game: 'du-balai',
    state: { type: 'state', seq: 42, time: 61000, view: v, events: [], actors: [0], legal, deadline: { at: 70000, in: 14000 }, you: 0 },
    log: [],
  };
}
