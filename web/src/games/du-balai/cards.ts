import { lang } from '../../i18n/i18n';

// Black magic (Magie noire) cards: the rule book's French name, an English one for the English
// page, and the catalog key of what each does. Read names through cardName().
export const MAGIE_NOIRE: Record<string, { name: string; en: string; help: string }> = {
  'oubli-repare': { name: 'Oubli réparé', en: 'Mended Slip', help: 'mn_oubli_repare' },
  rectification: { name: 'Rectification', en: 'Rectification', help: 'mn_rectification' },
  'double-jeu': { name: 'Double-jeu', en: 'Double Play', help: 'mn_double_jeu' },
  'vent-arriere': { name: 'Vent arrière', en: 'Tailwind', help: 'mn_vent_arriere' },
  'mauvais-sort': { name: 'Mauvais sort', en: 'Hex', help: 'mn_mauvais_sort' },
  attraction: { name: 'Attraction', en: 'Attraction', help: 'mn_attraction' },
  blocage: { name: 'Blocage', en: 'Blockade', help: 'mn_blocage' },
  decret: { name: 'Décret', en: 'Decree', help: 'mn_decret' },
  brouillard: { name: 'Brouillard magique', en: 'Magic Fog', help: 'mn_brouillard' },
  'acrobatie-1': { name: 'Acrobatie aérienne (1)', en: 'Aerial Acrobatics (1)', help: 'mn_acrobatie' },
  'acrobatie-2': { name: 'Acrobatie aérienne (2)', en: 'Aerial Acrobatics (2)', help: 'mn_acrobatie' },
  'acrobatie-3': { name: 'Acrobatie aérienne (3)', en: 'Aerial Acrobatics (3)', help: 'mn_acrobatie' },
};

// A card's name in the page's language; an unknown id as the server wrote it.
export function cardName(id: string): string {
  const c = MAGIE_NOIRE[id];
  if (!c) return id;
  return lang() === 'fr' ? c.name : c.en;
}

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
