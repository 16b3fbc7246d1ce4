// The messages of docs/protocol.md (version 1), as the client reads and writes them.
// Fields the client does not use are left out; unknown fields and types are ignored.
import type { PatchOp } from './patch';

export const PROTOCOL = 1;

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface ParamSpec {
  name: string;
  kind: 'integer' | 'boolean' | 'choice';
  default: string;
  min?: number;
  max?: number;
  choices?: string[];
  description?: string;
}

export interface GameInfo {
  id: string;
  name: string;
  min_players: number;
  max_players: number;
  default_players: number;
  facts: { hidden_information: boolean; chance: boolean; real_time: boolean };
  bots: string[];
  default_bot: string;
  params: ParamSpec[];
}

export interface GamesAnswer {
  protocol: number;
  games: GameInfo[];
}

export interface SeatStatus {
  seat: number;
  kind: 'human' | 'bot';
  name?: string | null;
  bot?: string;
  taken?: boolean;
  connected?: boolean;
  // A person's seat played by a bot while its person is away: the bot's name.
  stand_in?: string | null;
  // In a real-time game's ready step: she said she is ready, or the owner started for her.
  ready?: 'self' | 'owner' | null;
}

// A real-time game's ready step: every seat taken, the game not begun. The countdown runs once
// every seat is ready: the game begins `in` ms after the status was sent.
export interface ReadyStep {
  countdown: { in: number; length: number } | null;
}

export interface TableStatus {
  table: string;
  game: string;
  players: number;
  params: Record<string, string>;
  phase: 'waiting' | 'playing' | 'finished';
  spectators: boolean;
  watchers?: number;
  // Playing, and every person's seat without a connection: the game waits for one to come back.
  paused?: boolean;
  // Once a seat asked for another game ("again"): the next table's code.
  next?: string | null;
  ready_step?: ReadyStep | null;
  // The owner's rules of the table's chat.
  chat?: ChatRules;
  seats: SeatStatus[];
}

export interface ChatRules {
  spectators_write: boolean;
  muted: number[];
}

// One line of the table's chat: a text (plain text, never markup) or a quick reaction.
export interface ChatEntry {
  id: number;
  seat: number | null;
  name: string | null;
  at: number;
  text?: string;
  reaction?: string;
}

// The quick reactions the server takes (docs/protocol.md, "Chat").
export const REACTIONS = ['👍', '👏', '😂', '😮', '😢', '🔥', '🧹', '✨'] as const;

export interface GameEvent {
  kind: string;
  text: string;
  data?: Json;
}

// The texts `prefix` then, for each pick made, its `word` (if any) and from `min` to `max` of
// its words `of`, each once, in their order; `optional` picks (always with a `word`) may be left
// out; with `distinct`, no word is picked twice in one text.
export interface LegalPick {
  word?: string;
  of: string[];
  min: number;
  max: number;
  optional?: boolean;
}
export interface LegalForm {
  prefix: string;
  picks: LegalPick[];
  distinct?: boolean;
}

export interface Deadline {
  at: number;
  in: number;
}

export type You = number | 'spectator';

export interface StateMsg {
  type: 'state';
  // Counts the actions told to this receiver (an action secret to another seat is not), so
  // each receiver's states have consecutive seq of their own; a gap is a lost message.
  seq: number;
  time: number;
  view: any;
  // Instead of `view`, to a connection that asked for patches: the changes from the view of
  // its last state (session.ts puts the patched view in `view`).
  view_patch?: PatchOp[];
  events: GameEvent[];
  actors: number[];
  legal: string[];
  // Families of legal texts too many to list (docs/protocol.md); absent when there are none.
  legal_forms?: LegalForm[];
  deadline: Deadline | null;
  you: You;
}

// One action told to this receiver before it arrived, with the events it may see.
export interface HistoryEntry {
  seq: number;
  time: number;
  events: GameEvent[];
}

// Sent just before the snapshot on `rejoin` and `watch` at a game that has begun.
export interface HistoryMsg {
  type: 'history';
  seq: number;
  complete: boolean;
  // A long history comes in parts, one message each, from 1 to `parts` (absent: 1 of 1).
  part?: number;
  parts?: number;
  entries: HistoryEntry[];
}

export interface ResultMsg {
  type: 'result';
  scores: number[];
  ranks: number[];
  record: string;
}

export type ServerMsg =
  | { type: 'welcome'; protocol: number; server: string; server_time: number }
  | { type: 'created'; table: string; owner: string; invite: string }
  | { type: 'joined'; table: string; seat: number; token: string }
  | { type: 'watching'; table: string }
  | { type: 'table'; status: TableStatus; you: You }
  | StateMsg
  | HistoryMsg
  | { type: 'accepted'; seq: number; at: number }
  | { type: 'refused'; seq: number; error: string }
  | ResultMsg
  // The recent entries on arrival may come in parts, from 1 to `parts` (absent: 1 of 1).
  | { type: 'chat'; recent: boolean; part?: number; parts?: number; entries: ChatEntry[] }
  | { type: 'pong'; id?: Json; server_time: number }
  | { type: 'error'; code: string; message: string; ref?: string };

export type SeatChoice = null | { human: true } | { bot: string };

export type ClientMsg =
  | {
      type: 'create';
      game: string;
      players?: number;
      params?: Record<string, string>;
      seats?: SeatChoice[];
      spectators?: boolean;
      listed?: boolean;
      seed?: string;
    }
  | { type: 'join'; table: string; name: string; seat?: number; patches?: boolean }
  | { type: 'rejoin'; table: string; token: string; patches?: boolean }
  | { type: 'watch'; table: string; patches?: boolean }
  | { type: 'start'; owner: string }
  | { type: 'ready'; seat?: number; owner?: string }
  | { type: 'chat'; text: string }
  | { type: 'chat'; reaction: string }
  | { type: 'chat_rules'; owner: string; spectators_write?: boolean; mute?: number; unmute?: number }
  | { type: 'act'; action: string; seq: number }
  | { type: 'again' }
  | { type: 'ping'; id?: Json };
