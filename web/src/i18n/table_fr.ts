// Le décor de la table : places et remplaçants, la page d’invitation, le signal du tour.
import type { tableEn } from './table_en';

export const tableFr: Record<keyof typeof tableEn, string> = {
  colon: ' : ',
  bot_n_named: 'Bot {n} ({bot})',
  stand_in_for: 'Bot pour {name}',
  stand_in_note: 'absence : un bot ({bot}) joue à sa place pour l’instant',
  turn_title: 'À vous',
  turn_sound: 'Un son quand c’est à moi',
  aid_toggle: 'Expliquer chaque manche (premières parties)',
  aid_why: 'Pourquoi',
  invite_by: '{name} vous invite à une partie de {game}.',
  invite_open: 'Une table de {game} attend ses joueurs.',
  invite_players: '{n} {n|joueur|joueurs}',
  table_finished: 'Cette partie est terminée.',
  table_playing_full: 'Cette partie a commencé et toutes les places sont prises.',
};
