// Les textes de la relecture et du panneau des règles.
import type { replayEn } from './replay_en';

export const replayFr: Record<keyof typeof replayEn, string> = {
  rules_open: 'Règles',
  rules_close: 'Fermer les règles',
  rules_unavailable: 'Les règles n’ont pas pu être chargées ({why}).',
  replay_title: 'Relecture',
  replay_watch: 'Revoir la partie',
  replay_eyes: 'Vue de',
  replay_spectator: 'un spectateur (cartes publiques seulement)',
  replay_step: 'Étape {k} sur {n}',
  replay_start: 'Début',
  replay_back: 'Reculer',
  replay_forward: 'Avancer',
  replay_end: 'Fin',
  replay_keys: 'Touches : ← et → reculent et avancent d’une étape, Début et Fin vont aux extrémités.',
  replay_not_finished: 'La relecture s’ouvre une fois la partie terminée.',
  replay_failed: 'La relecture n’a pas pu être chargée ({why}).',
  replay_back_to_table: 'Retour à la table',
};
