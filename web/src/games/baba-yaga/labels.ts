// Readable labels for the canonical actions of Baba Yaga (the texts themselves come from the
// server's legal list), and the players' names as the board and the log write them.
import { t } from '../../i18n/i18n';

export function seatLabel(names: string[], seat: number): string {
  return names[seat] ?? t('seat_n', { n: seat + 1 });
}

export function actionLabel(a: string, names: string[]): string {
  let m;
  if (a === 'ready') return t('by_ready');
  if (a === 'move') return t('by_move');
  if (a === 'move left') return t('by_move_left');
  if (a === 'move right') return t('by_move_right');
  if (a === 'maison later') return t('by_maison_later');
  if ((m = /^place (north|east|south|west)$/.exec(a))) return t(`by_place_${m[1]}` as 'by_place_north');
  if ((m = /^turn (\S+)$/.exec(a))) return t('by_turn', { cell: m[1] });
  if ((m = /^back (\S+)$/.exec(a))) return t('by_back', { cell: m[1] });
  if ((m = /^maison (\S+)$/.exec(a))) return t('by_maison', { cell: m[1] });
  if ((m = /^swap (\S+) (\S+)$/.exec(a))) return t('by_swap', { a: m[1], b: m[2] });
  if ((m = /^target (\d)$/.exec(a))) return t('by_target', { name: seatLabel(names, Number(m[1])), n: Number(m[1]) + 1 });
  return a;
}
