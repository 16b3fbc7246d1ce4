// Names and drawings' keys for what the view of Baba Yaga sends as French text: the effects
// (by name or by id), the forest faces (hints), the levels and the four ends of the path.
// Names stay French in both languages; the catalog keys give what each means.
import { t, type Key } from '../../i18n/i18n';

export interface EffectInfo {
  id: string;
  name: string;
}

// In the order of the rule book (docs/rules/baba-yaga.md, "Effects").
export const EFFECTS: EffectInfo[] = [
  { id: 'doigt-dans-le-nez', name: 'Doigt dans le nez !' },
  { id: 'brouillard-bizarre', name: 'Brouillard bizarre !' },
  { id: 'lumiere-aveuglante', name: 'Lumière aveuglante !' },
  { id: 'tout-petit', name: 'Tout petit !' },
  { id: 'grosse-fatigue', name: 'Grosse fatigue !' },
  { id: 'plus-vite-que-le-vent', name: 'Plus vite que le vent !' },
  { id: 'pattes-de-poulet', name: 'Pattes de poulet !' },
];

export const effectByName = (name: string) => EFFECTS.find((e) => e.name === name);
export const effectById = (id: string) => EFFECTS.find((e) => e.id === id);

// The catalog key of what an effect does, from its French name.
export function effectHelpKey(name: string): string {
  const e = effectByName(name);
  return e ? `by_effect_${e.id.replace(/-/g, '_')}` : 'by_effect_unknown';
}

// The forest faces: the text the view sends (French), the sign drawn for it (HintSign in
// signs.tsx), its catalog key in the page's language and the two ingredients it stands for
// (docs/rules/baba-yaga.md, the table of forest faces), with their two letters.
export interface HintInfo {
  text: string;
  sign: string;
  key: string;
  ingredients: [string, string][];
}
export const HINTS: HintInfo[] = [
  { text: "Des griffures sur l'écorce", sign: 'claws', key: 'by_hint_claws', ingredients: [['Dent de loup', 'Lo'], ["Griffe d'ours", 'Ou']] },
  { text: 'Un nid dans les branches', sign: 'nest', key: 'by_hint_nest', ingredients: [['Plume de corbeau', 'Co'], ['Oeuf de poule noire', 'Oe']] },
  { text: 'Un cercle de champignons', sign: 'mushrooms', key: 'by_hint_mushrooms', ingredients: [['Amanite rouge', 'Am'], ['Vesse-de-loup', 'Ve']] },
  { text: 'Une lueur dans la nuit', sign: 'glow', key: 'by_hint_glow', ingredients: [['Crâne lumineux', 'Cr'], ['Fleur de fougère', 'Fo']] },
  { text: "Des fils d'argent", sign: 'threads', key: 'by_hint_threads', ingredients: [["Toile d'araignée", 'To'], ['Cheveu de roussalka', 'Ro']] },
  { text: 'Un coffre entrouvert', sign: 'chest', key: 'by_hint_chest', ingredients: [['Clé rouillée', 'Cl'], ["Peigne d'os", 'Pe']] },
  { text: 'Une isba abandonnée', sign: 'isba', key: 'by_hint_isba', ingredients: [['Poupée de bois', 'Po'], ['Serviette brodée', 'Se']] },
  { text: 'Une odeur de four', sign: 'oven', key: 'by_hint_oven', ingredients: [['Pain noir', 'Pa'], ['Miel sauvage', 'Mi']] },
];

export const hintByText = (text: string) => HINTS.find((h) => h.text === text);
// The forest face in the page's language, and what it says: "Claw marks on the bark: Dent de
// loup or Griffe d'ours". A face the table does not know keeps the server's text.
export function hintText(text: string): string {
  const h = hintByText(text);
  return h ? t(h.key as Key) : text;
}
export function hintMeaning(text: string): string {
  const h = hintByText(text);
  if (!h) return text;
  return t('by_hint_means', { hint: t(h.key as Key), a: h.ingredients[0][0], b: h.ingredients[1][0] });
}

export const hintSign = (text: string) => hintByText(text)?.sign ?? 'unknown';

// The levels of the book, as the view names them.
export const LEVELS: Record<string, string> = {
  balade: 'Balade en forêt',
  'cours-toujours': 'Cours toujours !',
  'sauve-qui-peut': 'Sauve qui peut !',
};

// The four ends of the path (docs/rules/baba-yaga.md, "Placement") and their keys.
export const ENDS: { end: string; cell: string; key: string }[] = [
  { end: 'north', cell: 'C1', key: 'n' },
  { end: 'east', cell: 'E3', key: 'e' },
  { end: 'south', cell: 'C5', key: 's' },
  { end: 'west', cell: 'A3', key: 'w' },
];

export const COLUMNS = ['A', 'B', 'C', 'D', 'E'];
export const ROWS = ['1', '2', '3', '4', '5'];

// The line of her flight from each end, start first (the far end last); with Plus vite que le
// vent ! the extra tile lies one step beyond the far end, outside the grid.
export const LINES: Record<string, string[]> = {
  north: ['C1', 'C2', 'C3', 'C4', 'C5'],
  east: ['E3', 'D3', 'C3', 'B3', 'A3'],
  south: ['C5', 'C4', 'C3', 'C2', 'C1'],
  west: ['A3', 'B3', 'C3', 'D3', 'E3'],
};

// Where the extra tile is drawn, by start end: beyond the far end (grid lanes, see Forest).
export const EXTRA_SIDE: Record<string, 'bottom' | 'left' | 'top' | 'right'> = {
  north: 'bottom',
  east: 'left',
  south: 'top',
  west: 'right',
};
