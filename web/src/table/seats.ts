import { t } from '../i18n/i18n';
import type { SeatStatus, TableStatus } from '../protocol/types';

export function seatName(s: SeatStatus): string {
  if (s.kind === 'bot') return t('bot_named', { bot: s.bot ?? '?' });
  return s.name ? s.name : t('free_seat');
}

// Names by seat for the boards: "Morgane", "Bot (random)", or "Seat 3".
export function seatNames(status: TableStatus | null, players: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < players; ++i) {
    const s = status?.seats.find((x) => x.seat === i);
    out.push(s && (s.kind === 'bot' || s.name) ? seatName(s) : t('seat_n', { n: i }));
  }
  return out;
}
