// Magie noire cards: French names (kept in both languages) and the catalog key of what each does.
export const MAGIE_NOIRE: Record<string, { name: string; help: string }> = {
  'oubli-repare': { name: 'Oubli réparé', help: 'mn_oubli_repare' },
  rectification: { name: 'Rectification', help: 'mn_rectification' },
  'double-jeu': { name: 'Double-jeu', help: 'mn_double_jeu' },
  'vent-arriere': { name: 'Vent arrière', help: 'mn_vent_arriere' },
  'mauvais-sort': { name: 'Mauvais sort', help: 'mn_mauvais_sort' },
  attraction: { name: 'Attraction', help: 'mn_attraction' },
  blocage: { name: 'Blocage', help: 'mn_blocage' },
  decret: { name: 'Décret', help: 'mn_decret' },
  brouillard: { name: 'Brouillard magique', help: 'mn_brouillard' },
  'acrobatie-1': { name: 'Acrobatie aérienne (1)', help: 'mn_acrobatie' },
  'acrobatie-2': { name: 'Acrobatie aérienne (2)', help: 'mn_acrobatie' },
  'acrobatie-3': { name: 'Acrobatie aérienne (3)', help: 'mn_acrobatie' },
};

// The Magie noire card an action plays or keeps, if any.
export function cardOfAction(action: string): string | null {
  const m = /^(?:play|keep) ([a-z0-9-]+)/.exec(action);
  if (m) return m[1];
  if (action === 'brouillard') return 'brouillard';
  return null;
}

// The acrobatics of a witch's entry in the view at the end of the race: her own entry (or every
// entry when the table shows the hands) holds her hand, another seat's only `acrobatics`.
export function acrobaticsOf(w: { hand?: string[]; acrobatics?: string[] }): string[] {
  return w.acrobatics ?? (w.hand ?? []).filter((c) => c.startsWith('acrobatie-'));
}
