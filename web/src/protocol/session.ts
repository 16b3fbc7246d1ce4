// What the page knows about its table, rebuilt from server messages only. `receive` is pure:
// the same messages in the same order give the same session, which is what the unit tests
// check and what lets a reconnect start again from a clean slate.
import type { ChatEntry, GameEvent, HistoryEntry, ResultMsg, ServerMsg, StateMsg, TableStatus, You } from './types';
import { hasLegal } from './legal';
import { applyPatch } from './patch';

export type Role = 'none' | 'seat' | 'spectator';

export interface LogLine {
  seq: number;
  kind: string;
  text: string;
  data?: unknown;
}

export interface Problem {
  code: string;
  message: string;
}

export interface Session {
  connected: boolean;
  role: Role;
  table: string | null;
  seat: number | null;
  token: string | null;
  owner: string | null;
  invite: string | null;
  status: TableStatus | null;
  // When the latest status arrived (ms on the page's own clock): its countdown counts from it.
  statusAt: number;
  you: You | null;
  state: StateMsg | null;
  // When the latest state arrived (ms on the page's own clock): deadlines count down from it.
  stateAt: number;
  log: LogLine[];
  // The action sent and not yet answered; only one at a time.
  pending: { seq: number; action: string } | null;
  refusal: string | null;
  result: ResultMsg | null;
  problem: Problem | null;
  // A state's seq skipped one: a message was lost and the page must resynchronise.
  gap: boolean;
  // The table's chat, oldest first (the recent ones on arrival, then each new one).
  chat: ChatEntry[];
  // The last refusal of something written in the chat (too fast, muted...), until the next entry.
  chatProblem: Problem | null;
}

export const CHAT_LIMIT = 100;

export const LOG_LIMIT = 500;

// The log as the server's history tells it: the same lines as live, each at its seq.
function logFromHistory(entries: HistoryEntry[], before: LogLine[] = []): LogLine[] {
  let log = before;
  for (const e of entries) log = appendLog(log, e.seq, e.events ?? []);
  return log;
}

export function emptySession(): Session {
  return {
    connected: false,
    role: 'none',
    table: null,
    seat: null,
    token: null,
    owner: null,
    invite: null,
    status: null,
    statusAt: 0,
    you: null,
    state: null,
    stateAt: 0,
    log: [],
    pending: null,
    refusal: null,
    result: null,
    problem: null,
    gap: false,
    chat: [],
    chatProblem: null,
  };
}

function appendLog(log: LogLine[], seq: number, events: GameEvent[]): LogLine[] {
  if (events.length === 0) return log;
  const lines = events.map((e) => ({ seq, kind: String(e.kind), text: String(e.text), data: e.data }));
  const out = log.concat(lines);
  return out.length > LOG_LIMIT ? out.slice(out.length - LOG_LIMIT) : out;
}

export function receive(s: Session, msg: ServerMsg, now: number): Session {
  switch (msg.type) {
    case 'welcome':
      return { ...s, connected: true, problem: null };
    case 'created':
      // At a table already, it is the next game's table ("again"): the page stays where it is.
      if (s.role !== 'none') return s;
      return { ...s, table: msg.table, owner: msg.owner, invite: msg.invite };
    case 'history': {
      // Everything this receiver was told since the start: the log is rebuilt from it, in place
      // of what the page held (the same lines, or fewer after a reload). A long history comes
      // in parts: the first replaces the log, the others add to it.
      const first = (msg.part ?? 1) <= 1;
      return { ...s, log: logFromHistory(msg.entries ?? [], first ? [] : s.log) };
    }
    case 'joined':
      return { ...s, role: 'seat', table: msg.table, seat: msg.seat, token: msg.token, problem: null };
    case 'watching':
      return { ...s, role: 'spectator', table: msg.table, seat: null, problem: null };
    case 'table':
      return { ...s, status: msg.status, statusAt: now, you: msg.you };
    case 'state': {
      const prev = s.state;
      // The first state after joining starts the count; then each state has the next seq.
      const gap = prev !== null && msg.seq !== prev.seq + 1 && msg.seq > prev.seq;
      // An older state never replaces a newer one. The same seq again is the same position told
      // anew (the server does so when the table starts: now the seats may act).
      if (prev !== null && msg.seq < prev.seq) return s;
      let state = msg;
      if (msg.view_patch) {
        // A patch of the last view: without that view (a lost message), or if it does not
        // apply, the page keeps what it has and resynchronises for a whole one.
        if (prev === null || gap) return { ...s, gap: true };
        try {
          const { view_patch, ...rest } = msg;
          state = { ...rest, view: applyPatch(prev.view, view_patch) };
        } catch {
          return { ...s, gap: true };
        }
      }
      return {
        ...s,
        state,
        stateAt: now,
        log: appendLog(s.log, msg.seq, msg.events ?? []),
        gap: s.gap || gap,
      };
    }
    case 'accepted':
      if (s.pending && s.pending.seq === msg.seq) return { ...s, pending: null, refusal: null };
      return s;
    case 'refused':
      if (s.pending && s.pending.seq === msg.seq) return { ...s, pending: null, refusal: msg.error };
      return { ...s, refusal: msg.error };
    case 'result':
      return { ...s, result: msg };
    case 'chat': {
      // The recent entries replace what the page held (a rejoin), their first part does when
      // they come in parts; a new one is added once.
      const known = msg.recent && (msg.part ?? 1) <= 1 ? [] : s.chat;
      const fresh = (msg.entries ?? []).filter((e) => !known.some((k) => k.id === e.id));
      const chat = known.concat(fresh);
      return { ...s, chat: chat.length > CHAT_LIMIT ? chat.slice(chat.length - CHAT_LIMIT) : chat, chatProblem: msg.recent ? s.chatProblem : null };
    }
    case 'error':
      // A chat refusal is the chat panel's to show, not the table's problem.
      if (msg.ref === 'chat' || msg.ref === 'chat_rules') return { ...s, chatProblem: { code: msg.code, message: msg.message } };
      return { ...s, problem: { code: msg.code, message: msg.message }, pending: s.pending && msg.ref === 'act' ? null : s.pending };
    default:
      return s; // pong and message types this client does not know
  }
}

// The page sent `action` with `seq`; nothing else may be sent until it is answered.
export function sent(s: Session, seq: number, action: string): Session {
  return { ...s, pending: { seq, action }, refusal: null };
}

// The connection dropped: what was learnt about the table stays on screen, the pending action
// is forgotten (the server answers it or not; the next state says what happened).
export function disconnected(s: Session): Session {
  return { ...s, connected: false, pending: null };
}

// A fresh connection is about to rejoin or watch: the next state replaces the old one
// without being counted as a gap.
export function resynchronising(s: Session): Session {
  return { ...s, state: null, gap: false };
}

// May the page send an action now?
export function mayAct(s: Session): boolean {
  return s.connected && s.role === 'seat' && s.pending === null && !!s.state && hasLegal(s.state);
}

// Milliseconds left before a ready step's countdown ends (null: no countdown runs).
export function countdownLeft(s: Session, now: number): number | null {
  const c = s.status?.ready_step?.countdown;
  if (!c) return null;
  return Math.max(0, c.in - (now - s.statusAt));
}

// Milliseconds left on the server's deadline, counted down from its `in` on receipt.
export function timeLeft(s: Session, now: number): number | null {
  const d = s.state?.deadline;
  if (!d) return null;
  return Math.max(0, d.in - (now - s.stateAt));
}
