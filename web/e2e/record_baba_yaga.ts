// Records the Baba Yaga fixtures (e2e/fixtures/baba-yaga-*.seat.json) from a real
// `sabbat serve`: four scripted seats play one seeded game and the `state` messages seat 0
// received at chosen moments are saved as they came, with the events before them and, at the
// end, the `result`. Nothing is cut or rebuilt here: the screenshots show what the server sent.
//
//   cd web && node scripts/build.mjs --e2e &&
//   node --experimental-websocket dist-test/e2e/run.mjs --record-baba-yaga ../build/sabbat
//
// (Node 22 has WebSocket without the flag.) The seed is one in which, with the choices below,
// seat 0 meets every moment worth a picture: her first search, a move of Baba Yaga, a target
// to choose, Lumière aveuglante !, Tout petit ! and her win.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from './real';

const SEED = '8';
const PLAYERS = 4;
const NAMES = ['Morgane', 'Circé', 'Hécate', 'Mélusine'];
const TARGETING = ['Lumière aveuglante !', 'Tout petit !', 'Grosse fatigue !'];

interface Seat {
  ws: WebSocket;
  states: any[];
  latest: any | null;
  result: any | null;
  table: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, fn: () => T | null | undefined | false, ms = 10000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`recording: timed out waiting for ${what}`);
    await sleep(5);
  }
}

function open(url: string): Promise<Seat> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws');
  const seat: Seat = { ws, states: [], latest: null, result: null, table: null };
  ws.onmessage = (e) => {
    const m = JSON.parse(String(e.data));
    if (m.type === 'state') {
      seat.states.push(m);
      seat.latest = m;
    } else if (m.type === 'result') seat.result = m;
    else if (m.type === 'created') seat.table = m.table;
    else if (m.type === 'error' || m.type === 'refused') throw new Error(`recording: the server answered ${JSON.stringify(m)}`);
  };
  return new Promise((resolve, reject) => {
    ws.onopen = () => resolve(seat);
    ws.onerror = () => reject(new Error('recording: no WebSocket'));
  });
}

export async function recordBabaYaga(bin: string, dist: string, out: string): Promise<string[]> {
  if (typeof WebSocket === 'undefined') throw new Error('recording needs a global WebSocket: Node 22, or node --experimental-websocket');
  mkdirSync(out, { recursive: true });
  const server = await startServer(bin, dist);
  const saved: string[] = [];
  try {
    const seats: Seat[] = [];
    for (let i = 0; i < PLAYERS; ++i) seats.push(await open(server.url));
    const send = (s: Seat, m: object) => s.ws.send(JSON.stringify({ protocol: 1, ...m }));
    send(seats[0], { type: 'create', game: 'baba-yaga', players: PLAYERS, seed: SEED });
    const table = await waitFor('created', () => seats[0].table);
    for (const [i, s] of seats.entries()) send(s, { type: 'join', table, name: NAMES[i], seat: i });
    // The game starts once every seat is taken: a snapshot with the legal actions.
    await waitFor('the start', () => seats.every((s) => s.latest?.legal.length > 0) && true);

    let seq = 0;
    let actSeq = 0;
    const views = () => seats.map((s) => s.latest.view);
    const act = async (seat: number, action: string) => {
      if (!seats[seat].latest.legal.includes(action)) throw new Error(`recording: ${action} is not legal for seat ${seat}: ${seats[seat].latest.legal.join(', ')}`);
      send(seats[seat], { type: 'act', action, seq: ++actSeq });
      seq += 1;
      await waitFor(`seq ${seq} after ${action}`, () => seats.every((s) => s.latest.seq >= seq) && true);
      await sleep(60); // the server's limit of messages per second and connection
    };
    const scene = (name: string, withResult = false) => {
      // The state as seat 0 received it; the log holds its events and those before them.
      const mine = seats[0].states;
      const state = mine[mine.length - 1];
      const log = mine.flatMap((m) => m.events).slice(-10);
      const file = join(out, `baba-yaga-${name}.seat.json`);
      writeFileSync(file, JSON.stringify({ state, log, result: withResult ? seats[0].result : undefined }, null, 1) + '\n');
      saved.push(file);
    };

    // The layout, read from the study (every ingredient face up) and followed through swaps.
    const layout = new Map<string, string>();
    for (const t of views()[0].forest) layout.set(t.cell, t.ingredient);
    const done = new Set<string>();
    const cast = [0, 0, 0, 0];
    let maison = false;

    // Study: two seats are ready, then the picture, then the others.
    await act(1, 'ready');
    await act(2, 'ready');
    scene('study');
    await act(3, 'ready');
    await act(0, 'ready');

    const ends = ['north', 'west', 'east', 'south'];
    for (let guard = 0; guard < 2000; ++guard) {
      const v = views()[0];
      if (v.phase === 'over') break;
      const searcher: number = v.searcher;
      if (v.phase === 'maison-start' || v.phase === 'home-move') {
        await act(searcher, seats[searcher].latest.legal[0]);
      } else if (v.phase === 'place') {
        await act(v.placer, `place ${ends[v.turn % 4]}`);
      } else if (v.phase === 'race') {
        await race(v, searcher);
      } else if (v.phase === 'effect') {
        const effect: string = v.effect_card.effect;
        const legal: string[] = seats[searcher].latest.legal;
        if (searcher === 0 && v.targets && !done.has('target')) {
          scene('target');
          done.add('target');
        }
        let a = legal[0];
        if (effect === 'Pattes de poulet !') a = legal.includes('maison B4') ? 'maison B4' : legal[0];
        else if (v.targets) a = `target ${searcher === 0 ? v.targets[0] : 0}`;
        await act(searcher, a);
        if (a.startsWith('maison')) maison = true;
        for (const e of seats[0].latest.events)
          if (e.kind === 'swapped') {
            const [x, y] = e.data.cells;
            const ix = layout.get(x)!;
            layout.set(x, layout.get(y)!);
            layout.set(y, ix);
          }
      } else {
        throw new Error(`recording: phase ${v.phase}`);
      }
    }
    await waitFor('the result', () => seats[0].result);
    scene('result', true);
    return saved;

    // One race: what the searcher turns, the picture, and the movers until she is home.
    async function race(v: any, searcher: number) {
      const card: string[] = v.card.ingredients;
      const effect: string = v.card.effect;
      const wanted = [...layout].filter(([, i]) => card.includes(i)).map(([c]) => c);
      const wrong = [...layout].filter(([, i]) => !card.includes(i)).map(([c]) => c);
      const pending0: string[] = v.players[0].pending;
      let ok: boolean;
      if (searcher === 0) {
        if (v.you_small) done.add('small-turn');
        if (v.handicap.blind) done.add('blind-turn');
        ok =
          cast[0] === 0
            ? TARGETING.includes(effect)
            : cast[0] === 1
              ? done.has('blind-turn') && done.has('small-turn')
              : ['search', 'move', 'target', 'blind', 'small'].every((d) => done.has(d));
      } else {
        const free = !pending0.includes('Lumière aveuglante !') && !pending0.includes('Tout petit !');
        ok =
          cast[searcher] < 2 &&
          ((effect === 'Lumière aveuglante !' && free && !done.has('blind-turn')) ||
            (effect === 'Tout petit !' && free && !done.has('small-turn')) ||
            (effect === 'Pattes de poulet !' && !maison));
      }
      const need: number = v.need;
      const move = () => act(views()[0].flight.mover, 'move');
      const turn = (cell: string) => act(searcher, `turn ${cell}`);
      const back = (cell: string) => act(searcher, `back ${cell}`);
      const moves = () => views()[0].flight.moves;
      let up = 0;
      if (searcher === 0 && !done.has('search')) {
        // A wrong tile tried and turned back, a wanted one found, Baba Yaga on her way, a
        // wrong one showing: the picture.
        await turn(wrong[0]);
        await back(wrong[0]);
        await turn(wanted[0]);
        up = 1;
        await move();
        await move();
        await turn(wrong[1]);
        await move();
        scene('search');
        done.add('search');
        await back(wrong[1]);
      } else if (searcher === 0 && v.handicap.blind && !done.has('blind')) {
        // One tile she turns in the half hidden from her, one in the other half.
        const hidden = new Set(v.forest.filter((t: any) => t.hidden).map((t: any) => t.cell));
        const inHidden = wanted.filter((c) => hidden.has(c));
        const outside = wanted.filter((c) => !hidden.has(c));
        for (const c of [inHidden[0], outside[0]].filter(Boolean)) await turn(c), up++;
        while (moves() < 4) await move();
        scene('blind');
        done.add('blind');
      } else if (searcher === 0 && v.you_small && !done.has('small')) {
        await turn(wanted[0]);
        await turn(wanted[1]);
        up = 2;
        while (moves() < 3) await move();
        scene('small');
        done.add('small');
      } else if (searcher === 1 && !done.has('move')) {
        await turn(wanted[0]);
        up = 1;
        while (views()[0].flight.mover !== 0) await move();
        await turn(wrong[0]);
        scene('move');
        done.add('move');
        await back(wrong[0]);
      }
      if (ok) {
        for (const c of wanted) {
          if (up >= need) break;
          if (views()[0].forest.find((t: any) => t.cell === c).face === 'ingredient') continue;
          await turn(c);
          up++;
        }
        cast[searcher]++;
      }
      while (views()[0].phase === 'race') await move();
    }
  } finally {
    server.stop();
  }
}
