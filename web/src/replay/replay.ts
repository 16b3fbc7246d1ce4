// The replay of a finished game (GET /api/tables/CODE/replay): the state messages one seat
// received, from the start to the end. The page at step k is the table page's session after
// the first k+1 of them, so every game's board draws a replay exactly as it drew the game.
import { emptySession, receive, type Session } from '../protocol/session';
import type { StateMsg, TableStatus } from '../protocol/types';
import type { Viewer } from '../route';

export interface ReplayAnswer {
  game: string;
  players: number;
  seat: Viewer;
  steps: StateMsg[];
  result: { scores: number[]; ranks: number[] } | null;
}

export function isReplayAnswer(x: unknown): x is ReplayAnswer {
  const a = x as ReplayAnswer;
  return !!a && typeof a.game === 'string' && typeof a.players === 'number' && Array.isArray(a.steps) && a.steps.length > 0;
}

// Steps k may take: 0 (the deal) to the last action.
export function clampStep(answer: ReplayAnswer, k: number): number {
  return Math.max(0, Math.min(answer.steps.length - 1, Math.trunc(k)));
}

// The step of `to` at the moment of step k of `from` (another seat's eyes on the same game):
// the last step told at or before that step's game time and action count. Seats may be told
// of different actions (a witch's own answer to a reaction window), so the steps are matched
// by game time, not by index.
export function sameMoment(from: ReplayAnswer, k: number, to: ReplayAnswer): number {
  const at = from.steps[clampStep(from, k)];
  if (k >= from.steps.length - 1) return to.steps.length - 1;
  let best = 0;
  for (let i = 0; i < to.steps.length; ++i) {
    const s = to.steps[i];
    if (s.time <= at.time) best = i;
    else break;
  }
  return best;
}

export function sessionAt(answer: ReplayAnswer, k: number, status: TableStatus | null, code: string): Session {
  const last = answer.steps.length - 1;
  const upTo = clampStep(answer, k);
  let s: Session = {
    ...emptySession(),
    connected: true,
    table: code,
    role: answer.seat === 'spectator' ? 'spectator' : 'seat',
    seat: answer.seat === 'spectator' ? null : answer.seat,
    status,
  };
  for (let i = 0; i <= upTo; ++i) s = receive(s, answer.steps[i], 0);
  if (upTo === last && answer.result)
    s = receive(s, { type: 'result', ...answer.result, record: `/api/tables/${encodeURIComponent(code)}/record` }, 0);
  return s;
}
