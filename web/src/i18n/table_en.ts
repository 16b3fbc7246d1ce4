// The table's chrome: seats and stand-ins, the invite page, the turn signal.
export const tableEn = {
  colon: ': ',
  bot_n_named: 'Bot {n} ({bot})',
  stand_in_for: 'Bot for {name}',
  stand_in_note: 'away: a bot ({bot}) plays for now',
  turn_title: 'Your move',
  turn_sound: 'Sound when it is my move',
  aid_toggle: 'Explain each round (first games)',
  aid_why: 'Why',
  invite_by: '{name} invites you to a game of {game}.',
  invite_open: 'A table of {game} is waiting for its players.',
  invite_players: '{n} {n|player|players}',
  table_finished: 'This game is over.',
  table_playing_full: 'This game has started and every seat is taken.',
};
