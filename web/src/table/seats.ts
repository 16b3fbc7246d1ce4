// How the page names the seats. Seats are numbered from 1 on the page (the protocol counts
// from 0). A bot is "Bot (normal)", or "Bot 2 (normal)" when another seat has the same bot; a
// person's seat played by a stand-in while the person is away is "Bot for Alice".
import { t } from '../i18n/i18n';
import type { LogLine } from '../protocol/session';
import type { SeatStatus, TableStatus } from '../protocol/types';
import { botLevel } from '../lobby/params';

// "Seat 3" for the protocol's seat 2.
export function seatNo(seat: number): number {
  return seat + 1;
}
export function seatLabel(seat: number): string {
  return t('seat_n', { n: seatNo(seat) });
}

// A bot as the table form names it: one name per level, in the page's language ("Bot:
// Normal" for the games' simple, seasoned or heuristic bots); a bot the page does not know
// keeps its own name.
export function botName(bot: string | undefined): string {
  const level = bot ? botLevel(bot) : undefined;
  return level ? t(`bot_level_${level}`) : t('bot_named', { bot: bot ?? '?' });
}

// The name of one seat; `twin` says another seat has a bot of the same name, so the seat
// number tells them apart.
export function seatName(s: SeatStatus, twin = false): string {
  if (s.kind === 'bot') return twin ? t('bot_at_seat', { bot: botName(s.bot), n: seatNo(s.seat) }) : botName(s.bot);
  if (!s.name) return t('free_seat');
  return s.stand_in ? t('stand_in_for', { name: s.name }) : s.name;
}

function seatStatusNames(seats: readonly SeatStatus[], players: number): string[] {
  const bots = new Map<string, number>();
  for (const s of seats) if (s.kind === 'bot') bots.set(botName(s.bot), (bots.get(botName(s.bot)) ?? 0) + 1);
  const out: string[] = [];
  for (let i = 0; i < players; ++i) {
    const s = seats.find((x) => x.seat === i);
    out.push(s && (s.kind === 'bot' || s.name) ? seatName(s, s.kind === 'bot' && (bots.get(botName(s.bot)) ?? 0) > 1) : seatLabel(i));
  }
  return out;
}

// The seats each list of names was made from, so a log line can keep the seats of its time.
const madeFrom = new WeakMap<string[], readonly SeatStatus[]>();

// Names by seat for the boards: "Morgane", "Bot (random)", "Bot for Alice", or "Seat 3".
export function seatNames(status: TableStatus | null, players: number): string[] {
  const seats = status?.seats ?? [];
  const out = seatStatusNames(seats, players);
  madeFrom.set(out, seats.map((s) => ({ ...s })));
  return out;
}

// The names as they were when the line was first told: a line played by a stand-in keeps
// saying "Bot for Alice" after Alice is back, and the lines before it name Alice. The names
// are made again in the page's language from the seats of that time.
const lineSeats = new WeakMap<LogLine, readonly SeatStatus[]>();
export function namesAtLine(line: LogLine, names: string[]): string[] {
  let seats = lineSeats.get(line);
  if (!seats) {
    seats = madeFrom.get(names);
    if (!seats) return names;
    lineSeats.set(line, seats);
  }
  return seatStatusNames(seats, names.length);
}
