// Plays whole games against a real `sabbat serve` by the protocol alone and keeps every
// message that went either way, for the protocol schemas' test. Every person's seat is a
// scripted client that plays a random legal action (seeded) whenever the server offers it any;
// on the way it also sends a few messages the server must refuse or answer with an error, one
// seat leaves and rejoins with its token, a spectator watches from before the start, and once
// the game is over a late spectator watches the finished table.
import { WsClient } from './ws_client';
import { spawnServe, type Served } from '../e2e/serve';
import { applyPatch } from '../src/protocol/patch';

export type Server = Served;

// `--messages-per-second` is raised by default: the scripted seats answer at once.
export function startServer(bin: string, messagesPerSecond = 1000): Promise<Server> {
  return spawnServe(bin, ['--messages-per-second', String(messagesPerSecond)], 'sabbat-schemas-', true);
}

// One message, as it went: `sent` by the client or received from the server, on which
// connection (a seat number, or a spectator's name).
export interface Logged {
  who: string;
  sent: boolean;
  message: any;
}

export interface GameSpec {
  game: string;
  players: number;
  seed: string;
  params?: Record<string, string>;
  bots?: Record<number, string>; // seat -> bot name; the other seats are scripted people
  timeoutMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A small seeded generator (xorshift32): the scripted choices repeat for a seed.
function random(seed: string): () => number {
  let x = (Number(seed) * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

class Conn {
  got: any[] = [];
  // The view of the last state, rebuilt from its patch when it came as one.
  view: any = null;
  private constructor(
    readonly ws: WsClient,
    readonly who: string,
    private readonly log: Logged[],
  ) {}
  static async open(url: string, who: string, log: Logged[], on: (c: Conn, m: any) => void): Promise<Conn> {
    const ws = await WsClient.connect(url.replace(/^http/, 'ws') + '/ws');
    const c = new Conn(ws, who, log);
    ws.onmessage = (text) => {
      const m = JSON.parse(text);
      log.push({ who, sent: false, message: m });
      if (m.type === 'state') c.view = m.view_patch ? applyPatch(c.view, m.view_patch) : m.view;
      c.got.push(m);
      on(c, m);
    };
    return c;
  }
  send(m: object): void {
    this.log.push({ who: this.who, sent: true, message: m });
    this.ws.send(JSON.stringify(m));
  }
  last(type: string): any {
    for (let i = this.got.length - 1; i >= 0; --i) if (this.got[i].type === type) return this.got[i];
    return null;
  }
}

// Du Balai !: the formula of every symbol the dice showed in black only, when it is legal. A
// perfect black formula draws Magie noire cards, so that the game's spells get played; a
// random formula hardly ever is one.
function perfectBlack(dice: any[] | undefined, legal: string[]): string | null {
  if (!dice) return null;
  const orange = new Set(dice.filter((d) => d.colour === 'orange').map((d) => d.syllable));
  const black = new Set(dice.filter((d) => d.colour === 'black' && !orange.has(d.syllable)).map((d) => d.syllable));
  const want = [...black].sort();
  return legal.find((a) => {
    const w = a.split(' ');
    return w[0] === 'formula' && w.length === want.length + 1 && [...w.slice(1)].sort().join(' ') === want.join(' ');
  }) ?? null;
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

// An HTTP answer of the server, with the schema of docs/protocol/ it follows.
export interface Answer {
  path: string;
  schema: string;
  body: any;
}

export interface Played {
  log: Logged[];
  http: Answer[];
}

export async function playGame(url: string, spec: GameSpec): Promise<Played> {
  const log: Logged[] = [];
  const http: Answer[] = [];
  const get = async (path: string, schema: string) => {
    const r = await fetch(url + path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${await r.text()}`);
    http.push({ path, schema, body: await r.json() });
  };
  const rnd = random(spec.seed);
  const timeout = spec.timeoutMs ?? 60000;
  const bots = spec.bots ?? {};
  const conns: Conn[] = [];
  let actSeq = 0;
  let over = false;
  const dice = new Map<Conn, any[]>();
  // Each seat answers a state that offers it actions, once per state it received.
  const onSeat = (c: Conn, m: any) => {
    if (m.type === 'result') return;
    if (m.type !== 'state' || over) return;
    if (spec.game === 'du-balai' && c.view.dice) dice.set(c, c.view.dice);
    if (m.legal.length === 0) return;
    const perfect = spec.game === 'du-balai' ? perfectBlack(dice.get(c), m.legal) : null;
    const pick = perfect && rnd() < 0.8 ? perfect : m.legal[Math.floor(rnd() * m.legal.length)];
    const seq = m.seq;
    setTimeout(() => {
      const latest = c.last('state');
      if (c.ws.closed || !latest || latest.seq !== seq) return;
      c.send({ type: 'act', action: pick, seq: ++actSeq });
    }, Math.floor(rnd() * 15));
  };
  const host = await Conn.open(url, 'host', log, () => {});
  host.send({ type: 'ping', id: 'hello' });
  const seats = Array.from({ length: spec.players }, (_, s) => (s in bots ? { bot: bots[s] } : { human: true }));
  host.send({ type: 'create', protocol: 1, game: spec.game, players: spec.players, seed: spec.seed, params: spec.params ?? {}, seats, listed: true });
  await until('created', () => !!host.last('created') || !!host.last('error'), 5000);
  if (!host.last('created')) throw new Error(`create refused: ${JSON.stringify(host.last('error'))}`);
  const table: string = host.last('created').table;
  // Messages the server must answer with an error, before anything else.
  host.send({ type: 'dance' });
  host.send({ type: 'join', table: 'no-such-code', name: 'Morgane' });
  host.send({ type: 'act', action: 'pass', seq: 1 });
  await until('three errors', () => host.got.filter((m) => m.type === 'error').length === 3, 5000);
  host.ws.close();

  const watcher = await Conn.open(url, 'spectator', log, () => {});
  // Some connections take their views as patches (the even seats), the others whole (the
  // spectator, the odd seats): the schemas check both.
  watcher.send({ type: 'watch', table });
  await until('watching', () => !!watcher.last('table'), 5000);

  const humans = [...Array(spec.players).keys()].filter((s) => !(s in bots));
  for (const s of humans) {
    const c = await Conn.open(url, `seat ${s}`, log, onSeat);
    conns[s] = c;
    c.send({ type: 'join', table, name: `Witch ${s}`, seat: s, patches: s % 2 === 0 });
    await until(`seat ${s} joined`, () => !!c.last('joined'), 5000);
  }
  // A real-time game's ready step: a seat that starts for another without the owner token is
  // refused; then every person says she is ready, and the countdown runs (3 s).
  if (humans.length > 0 && (spec.game === 'du-balai' || spec.game === 'baba-yaga')) {
    const first = conns[humans[0]];
    await until('the ready step', () => !!first.last('table')?.status?.ready_step, 5000);
    first.send({ type: 'ready', seat: (humans[0] + 1) % spec.players });
    await until('the refusal', () => first.last('error')?.ref === 'ready', 5000);
    for (const s of humans) conns[s].send({ type: 'ready', protocol: 1 });
    await until('the countdown', () => !!watcher.last('table')?.status?.ready_step?.countdown, 5000);
  }
  await until('the start', () => !!watcher.last('state'), 10000);
  // The lobby lists the table while it is played.
  await get('/api/tables', 'api-tables.schema.json');
  // A spectator may not act; an action no game reads is refused.
  watcher.send({ type: 'act', action: 'pass', seq: 1 });
  const first = conns[humans[0]];
  first.send({ type: 'act', action: 'dance with the moon', seq: ++actSeq });

  // Halfway, one seat leaves and comes back with its token.
  const end = Date.now() + timeout;
  const leaver = humans[humans.length - 1];
  let rejoined = false;
  const finished = () => humans.every((s) => !!conns[s].last('result'));
  while (!finished()) {
    if (Date.now() > end) throw new Error(`${spec.game} seed ${spec.seed}: the game did not end within ${timeout} ms`);
    if (!rejoined && (conns[leaver].last('state')?.seq ?? 0) >= 10) {
      rejoined = true;
      const token = conns[leaver].last('joined').token;
      conns[leaver].ws.close();
      await sleep(20);
      const c = await Conn.open(url, `seat ${leaver} again`, log, onSeat);
      c.send({ type: 'rejoin', table, token, patches: true });
      conns[leaver] = c;
      // Back at the table (its history and snapshot came), it asks for another game too early.
      await until('the rejoined snapshot', () => !!c.last('state'), 5000);
      c.send({ type: 'again' });
    }
    await sleep(10);
  }
  over = true;
  await until('the spectator sees the result', () => !!watcher.last('result'), 5000);
  // Play again: the first seat asks twice (a created, then a table naming the next table; the
  // second answers the table message again), the spectator's again is refused.
  const asker = conns[humans[0]];
  asker.send({ type: 'again' });
  await until('the next table', () => !!asker.last('created') && !!asker.last('table')?.status?.next, 5000);
  const tables = asker.got.filter((m) => m.type === 'table').length;
  asker.send({ type: 'again' });
  await until('the next table again', () => asker.got.filter((m) => m.type === 'table').length > tables, 5000);
  watcher.send({ type: 'again' });
  await until('the spectator refused', () => watcher.got.some((m) => m.type === 'error' && m.ref === 'again'), 5000);
  const late = await Conn.open(url, 'late spectator', log, () => {});
  late.send({ type: 'watch', table });
  late.send({ type: 'ping', id: 7 });
  await until('the finished table', () => !!late.last('result') && !!late.last('pong'), 5000);
  for (const c of [...conns.filter(Boolean), watcher, late]) c.ws.close();
  // The HTTP answers about this table, once it is finished.
  await get('/api/games', 'api-games.schema.json');
  await get(`/api/tables/${table}`, 'server-message.schema.json#/$defs/status');
  await get(`/api/tables/${table}/replay?seat=${humans[0]}`, 'api-replay.schema.json');
  await get(`/api/tables/${table}/replay?seat=spectator`, 'api-replay.schema.json');
  return { log, http };
}

// The answers no whole game meets by itself: a table left by all its people pauses (its
// spectator is told), the person who comes back gets the history and the game resumes, and
// acts over the connection's rate are dropped with an error naming each act's seq. The server
// runs with a low rate for this.
export async function playPauseAndRate(url: string): Promise<Played> {
  const log: Logged[] = [];
  const host = await Conn.open(url, 'host', log, () => {});
  host.send({ type: 'create', game: 'sortileges', players: 2, seed: '21', seats: [{ human: true }, { bot: 'random' }] });
  await until('created', () => !!host.last('created'), 5000);
  const table: string = host.last('created').table;
  host.ws.close();
  const watcher = await Conn.open(url, 'spectator', log, () => {});
  watcher.send({ type: 'watch', table });
  await until('watching', () => !!watcher.last('table'), 5000);
  const seat = await Conn.open(url, 'seat 0', log, () => {});
  seat.send({ type: 'join', table, name: 'Witch 0', seat: 0 });
  await until('the start', () => !!seat.last('state') && seat.last('state').legal.length > 0, 5000);
  seat.send({ type: 'act', action: seat.last('state').legal[0], seq: 1 });
  await until('the first move', () => !!seat.last('accepted'), 5000);
  const token = seat.last('joined').token;
  seat.ws.close();
  await until('the pause', () => watcher.got.some((m) => m.type === 'table' && m.status.paused), 5000);
  const back = await Conn.open(url, 'seat 0 again', log, () => {});
  back.send({ type: 'rejoin', table, token });
  await until('the history and the snapshot', () => !!back.last('history') && !!back.last('state'), 5000);
  await until('the resumption', () => watcher.last('table')?.status?.paused === false, 5000);
  // A burst of acts past the rate: the ones over it are dropped, each told by its seq.
  for (let i = 0; i < 12; ++i) back.send({ type: 'act', action: 'dance with the moon', seq: 100 + i });
  await until('a dropped act', () => back.got.some((m) => m.type === 'error' && m.code === 'rate-limited'), 5000);
  for (const c of [watcher, back]) c.ws.close();
  return { log, http: [] };
}
