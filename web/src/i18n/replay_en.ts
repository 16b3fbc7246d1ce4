// English strings of the replay viewer and the rules panel.
export const replayEn = {
  rules_open: 'Rules',
  rules_close: 'Close the rules',
  rules_unavailable: 'The rules could not be loaded ({why}).',
  replay_title: 'Replay',
  replay_watch: 'Watch the replay',
  replay_eyes: 'Through the eyes of',
  replay_spectator: 'a spectator (public cards only)',
  replay_step: 'Step {k} of {n}',
  replay_start: 'Start',
  replay_back: 'Back',
  replay_forward: 'Forward',
  replay_end: 'End',
  replay_keys: 'Keys: ← and → step back and forward, Home and End jump.',
  replay_not_finished: 'The replay opens once the game has ended.',
  replay_failed: 'The replay could not be loaded ({why}).',
  replay_back_to_table: 'Back to the table',
};
