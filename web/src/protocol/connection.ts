// One table's WebSocket: sends intents, folds every answer into the Session, and comes back
// after a lost connection with `rejoin` (the seat's token from storage) or `watch`.
import { PROTOCOL, type ClientMsg, type SeatChoice, type ServerMsg } from './types';
import { disconnected, emptySession, mayAct, receive, resynchronising, sent, type Session } from './session';
import type { Tokens } from './storage';
import { offered } from './legal';

// The part of the browser's WebSocket this client uses, so tests can hand in a fake one.
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: any) => void) | null;
  onmessage: ((ev: { data: any }) => void) | null;
  onclose: ((ev: any) => void) | null;
  onerror: ((ev: any) => void) | null;
}

export interface ConnectionOptions {
  url: string;
  // The table the connection is for, when known before it opens: named in the URL
  // (/ws?table=CODE), so that a cluster's proxy sends it to the server that plays the table.
  table?: string;
  open: (url: string) => SocketLike;
  tokens: Tokens;
  now?: () => number;
  // Waits before reconnecting: 0.5 s, 1 s, 2 s ... up to 10 s.
  schedule?: (fn: () => void, ms: number) => unknown;
  pingEveryMs?: number;
}

// Errors after which coming back would only repeat the failure.
const FINAL = new Set(['replaced', 'no-such-table', 'no-spectators', 'wrong-token', 'bad-table', 'server-full']);

type Intent =
  | { kind: 'none' }
  | { kind: 'seat'; table: string }
  | { kind: 'watch'; table: string };

export class Connection {
  session: Session = emptySession();
  private socket: SocketLike | null = null;
  private listeners = new Set<(s: Session) => void>();
  private intent: Intent = { kind: 'none' };
  private queue: ClientMsg[] = [];
  private nextSeq = 1;
  private retries = 0;
  private closedOnPurpose = false;
  private stopReconnect = false;
  private pingTimer: unknown = null;
  private table: string | null;
  private readonly now: () => number;
  private readonly schedule: (fn: () => void, ms: number) => unknown;

  constructor(private readonly opts: ConnectionOptions) {
    this.table = opts.table ?? null;
    this.now = opts.now ?? (() => Date.now());
    this.schedule = opts.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  }

  subscribe(fn: (s: Session) => void): () => void {
    this.listeners.add(fn);
    fn(this.session);
    return () => this.listeners.delete(fn);
  }

  private set(s: Session) {
    this.session = s;
    for (const fn of this.listeners) fn(s);
  }

  connect(): void {
    this.closedOnPurpose = false;
    const sock = this.opts.open(this.table ? `${this.opts.url}?table=${encodeURIComponent(this.table)}` : this.opts.url);
    this.socket = sock;
    sock.onopen = () => {
      this.retries = 0;
      // Back at the table first, then whatever was asked while the connection was down.
      if (this.intent.kind === 'seat') {
        const t = this.opts.tokens.seat(this.intent.table);
        if (t) this.write({ type: 'rejoin', table: this.intent.table, token: t.token, patches: true });
      } else if (this.intent.kind === 'watch') {
        this.write({ type: 'watch', table: this.intent.table, patches: true });
      }
      const q = this.queue;
      this.queue = [];
      for (const m of q) this.write(m);
    };
    sock.onmessage = (ev) => this.onText(String(ev.data));
    sock.onclose = () => {
      if (this.socket !== sock) return;
      this.socket = null;
      this.set(disconnected(this.session));
      if (this.closedOnPurpose || this.stopReconnect) return;
      const wait = Math.min(10000, 500 * 2 ** this.retries++);
      this.schedule(() => {
        if (!this.socket && !this.closedOnPurpose && !this.stopReconnect) {
          if (this.intent.kind !== 'none') this.set(resynchronising(this.session));
          this.connect();
        }
      }, wait);
    };
    sock.onerror = () => {
      /* onclose follows and decides */
    };
    this.startPings();
  }

  // A new socket in place of the open one, without the signs of a lost connection.
  private reopen(): void {
    const old = this.socket;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      old.close(1000, 'table named');
    }
    this.socket = null;
    this.connect();
  }

  close(): void {
    this.closedOnPurpose = true;
    this.socket?.close(1000, 'bye');
  }

  private startPings() {
    const every = this.opts.pingEveryMs ?? 30000;
    if (this.pingTimer !== null || every <= 0) return;
    const tick = () => {
      if (this.socket && this.socket.readyState === 1) this.write({ type: 'ping' });
      if (!this.closedOnPurpose) this.pingTimer = this.schedule(tick, every);
    };
    this.pingTimer = this.schedule(tick, every);
  }

  private write(m: ClientMsg): void {
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify({ ...m, protocol: PROTOCOL }));
    else this.queue.push(m);
  }

  private onText(text: string) {
    let msg: ServerMsg;
    try {
      msg = JSON.parse(text);
    } catch {
      return; // not JSON: nothing the protocol sends; ignore
    }
    if (!msg || typeof msg !== 'object' || typeof (msg as any).type !== 'string') return;
    if (msg.type === 'joined') {
      this.opts.tokens.saveSeat(msg.table, { seat: msg.seat, token: msg.token });
      this.intent = { kind: 'seat', table: msg.table };
    } else if (msg.type === 'watching') {
      this.intent = { kind: 'watch', table: msg.table };
    } else if (msg.type === 'created') {
      this.opts.tokens.saveOwner(msg.table, msg.owner);
      // The new table's own connection names it (docs/protocol.md, "Naming the table"): the
      // one that asked for it closes, and what is sent next goes on the new one.
      if (this.intent.kind === 'none' && this.table === null) {
        this.table = msg.table;
        this.reopen();
      }
    } else if (msg.type === 'error') {
      if (msg.code === 'wrong-token' && this.intent.kind === 'seat') this.opts.tokens.forgetSeat(this.intent.table);
      // Replaced by another tab, or the table cannot be rejoined: coming back would not help.
      if (msg.code === 'replaced') this.stopReconnect = true;
      else if (FINAL.has(msg.code) && (msg.ref === 'rejoin' || msg.ref === 'watch')) this.stopReconnect = true;
    }
    const next = receive(this.session, msg, this.now());
    this.set(next);
    // A lost state: a fresh connection rejoins and gets the whole view again.
    if (next.gap && this.socket) this.socket.close(4000, 'resynchronise');
  }

  // Intents. Each is queued until the socket is open.
  create(game: string, players: number, params: Record<string, string>, seats: SeatChoice[], spectators = true, listed = false): void {
    this.write({ type: 'create', game, players, params, seats, spectators, listed });
  }
  join(table: string, name: string, seat?: number): void {
    // Views come as patches of the last one (session.ts applies them): far fewer bytes a move.
    this.write(seat === undefined ? { type: 'join', table, name, patches: true } : { type: 'join', table, name, seat, patches: true });
  }
  // Rejoin with the stored token; false when this browser holds no seat at that table.
  rejoin(table: string): boolean {
    const t = this.opts.tokens.seat(table);
    if (!t) return false;
    this.write({ type: 'rejoin', table, token: t.token, patches: true });
    return true;
  }
  watch(table: string): void {
    this.write({ type: 'watch', table, patches: true });
  }
  start(table: string): boolean {
    const owner = this.opts.tokens.owner(table);
    if (!owner) return false;
    this.write({ type: 'start', owner });
    return true;
  }
  // In a real-time game's ready step: this seat is ready.
  ready(): void {
    this.write({ type: 'ready' });
  }
  // The owner starts for the person at `seat`, who is away; false without the owner token.
  readyFor(table: string, seat: number): boolean {
    const owner = this.opts.tokens.owner(table);
    if (!owner) return false;
    this.write({ type: 'ready', seat, owner });
    return true;
  }
  // The table's chat: a text, or one of the quick reactions.
  say(text: string): boolean {
    if (text.trim() === '') return false;
    this.write({ type: 'chat', text });
    return true;
  }
  react(reaction: string): void {
    this.write({ type: 'chat', reaction });
  }
  // The owner's rules of the chat; false without the owner token.
  chatRules(table: string, rules: { spectators_write?: boolean; mute?: number; unmute?: number }): boolean {
    const owner = this.opts.tokens.owner(table);
    if (!owner) return false;
    this.write({ type: 'chat_rules', owner, ...rules });
    return true;
  }
  // At the finished table, asks for the next game with the same people; the table's status then
  // names it (status.next), and the asker gets its owner token in `created`.
  again(): void {
    this.write({ type: 'again' });
  }
  // Sends one legal action; refuses quietly what the server did not offer.
  act(action: string): boolean {
    const s = this.session;
    if (!mayAct(s) || !offered(s.state!, action)) return false;
    const seq = this.nextSeq++;
    this.set(sent(s, seq, action));
    this.write({ type: 'act', action, seq });
    return true;
  }
  // Sends a seat setting ("forced ask", "forced auto"): the engines take these from any seat at
  // any time without listing them among the legal actions, so only the seat and nothing pending
  // are asked for here; the server answers accepted or refused like any act.
  setting(text: string): boolean {
    const s = this.session;
    if (!s.connected || s.role !== 'seat' || s.pending !== null || text.trim() === '') return false;
    const seq = this.nextSeq++;
    this.set(sent(s, seq, text));
    this.write({ type: 'act', action: text, seq });
    return true;
  }
  // Sends a move as the person wrote it, which need not be one of the offered texts (Le Bal des
  // Sorcières' formulas read aloud): the server reads it, and accepts or refuses it.
  actText(action: string): boolean {
    const s = this.session;
    if (!mayAct(s) || action.trim() === '') return false;
    const seq = this.nextSeq++;
    this.set(sent(s, seq, action));
    this.write({ type: 'act', action, seq });
    return true;
  }
}
