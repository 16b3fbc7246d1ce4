// The names of what the view of Baba Yaga sends as French text: the ingredients, the effects
// (by name or by id), the forest faces (hints), the levels, and the four ends of the path. The
// server's French names are the keys here; the page shows each in its own language from the
// catalogs (by_ing_*, by_short_*, by_fx_*, by_hint_*, choice_baba_yaga_level_*), the French
// page the rule book's names, the English page English ones.
import { lang, t, type Key } from '../../i18n/i18n';

// The server writes "Tout petit !" with a plain space, French typography a narrow no-break one:
// both are the same name.
const same = (a: string, b: string) => a.replace(/[\u00a0\u202f]/g, ' ') === b.replace(/[\u00a0\u202f]/g, ' ');

// The sixteen ingredients in the engine's order (src/games/baba-yaga/data.cpp): the French
// name and two letters the view sends, and the id of their catalog keys.
export interface IngredientInfo {
  id: string;
  name: string;
  short: string;
}
export const INGREDIENTS: IngredientInfo[] = [
  { id: 'dent_de_loup', name: 'Dent de loup', short: 'Lo' },
  { id: 'griffe_d_ours', name: "Griffe d'ours", short: 'Ou' },
  { id: 'plume_de_corbeau', name: 'Plume de corbeau', short: 'Co' },
  { id: 'oeuf_de_poule_noire', name: 'Oeuf de poule noire', short: 'Oe' },
  { id: 'amanite_rouge', name: 'Amanite rouge', short: 'Am' },
  { id: 'vesse_de_loup', name: 'Vesse-de-loup', short: 'Ve' },
  { id: 'crane_lumineux', name: 'Crâne lumineux', short: 'Cr' },
  { id: 'fleur_de_fougere', name: 'Fleur de fougère', short: 'Fo' },
  { id: 'toile_d_araignee', name: "Toile d'araignée", short: 'To' },
  { id: 'cheveu_de_roussalka', name: 'Cheveu de roussalka', short: 'Ro' },
  { id: 'cle_rouillee', name: 'Clé rouillée', short: 'Cl' },
  { id: 'peigne_d_os', name: "Peigne d'os", short: 'Pe' },
  { id: 'poupee_de_bois', name: 'Poupée de bois', short: 'Po' },
  { id: 'serviette_brodee', name: 'Serviette brodée', short: 'Se' },
  { id: 'pain_noir', name: 'Pain noir', short: 'Pa' },
  { id: 'miel_sauvage', name: 'Miel sauvage', short: 'Mi' },
];

export const ingredientByName = (name: string) => INGREDIENTS.find((i) => same(i.name, name));

// An ingredient in the page's language ("Wolf’s Tooth", "Dent de loup"); a name the page does
// not know as the server wrote it.
export function ingredientName(name: string): string {
  const i = ingredientByName(name);
  return i ? t(`by_ing_${i.id}` as Key) : name;
}

// Its two letters in the page's language ("Wo", "Lo"), from the French name or the French letters.
export function ingredientShort(name: string | undefined, short: string | undefined): string {
  const i = (name ? ingredientByName(name) : undefined) ?? INGREDIENTS.find((x) => x.short === short);
  if (i) return t(`by_short_${i.id}` as Key);
  return short ?? (name ?? '?').slice(0, 2);
}

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

export const effectByName = (name: string) => EFFECTS.find((e) => same(e.name, name));
export const effectById = (id: string) => EFFECTS.find((e) => e.id === id);

const effectKey = (e: EffectInfo) => `by_fx_${e.id.replace(/-/g, '_')}` as Key;

// An effect's name in the page's language ("Blinding Light!", "Lumière aveuglante !"), from the
// French name or the id the server sends; one the page does not know as it came.
export function effectName(nameOrId: string): string {
  const e = effectByName(nameOrId) ?? effectById(nameOrId);
  return e ? t(effectKey(e)) : nameOrId;
}

// The French name to show beside the English one where it helps (the list of effects, the
// levels in the table form): null on the French page, where the name is already French. The
// server's spacing is made French (a narrow no-break space before ! and ?).
export function frenchBeside(french: string): string | null {
  return lang() === 'fr' ? null : french.replace(/ ([!?;])/g, '\u202f$1');
}

// The effect of the card `card` (the rule book: card k has effect k mod 7, in EFFECTS' order).
export const effectOfCard = (card: number): EffectInfo | undefined => (Number.isInteger(card) && card >= 0 ? EFFECTS[card % EFFECTS.length] : undefined);

// The catalog key of what an effect does, from its French name.
export function effectHelpKey(name: string): string {
  const e = effectByName(name);
  return e ? `by_effect_${e.id.replace(/-/g, '_')}` : 'by_effect_unknown';
}

// The forest faces: the text the view sends (French), the sign drawn for it (HintSign in
// signs.tsx), its catalog key in the page's language and the two ingredients it stands for
// (docs/rules/baba-yaga.md, the table of forest faces), by their French names and letters as
// the view sends them (ingredientName and ingredientShort give the page's).
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
// The forest face in the page's language, and what it says: "Claw marks on the bark: Wolf’s
// Tooth or Bear’s Claw". A face the table does not know keeps the server's text.
export function hintText(text: string): string {
  const h = hintByText(text);
  return h ? t(h.key as Key) : text;
}
export function hintMeaning(text: string): string {
  const h = hintByText(text);
  if (!h) return text;
  return t('by_hint_means', { hint: t(h.key as Key), a: ingredientName(h.ingredients[0][0]), b: ingredientName(h.ingredients[1][0]) });
}

export const hintSign = (text: string) => hintByText(text)?.sign ?? 'unknown';

// The levels of the book: the view's slug and the French name.
export const LEVELS: Record<string, string> = {
  balade: 'Balade en forêt',
  'cours-toujours': 'Cours toujours !',
  'sauve-qui-peut': 'Sauve qui peut !',
};

// A level in the page's language, the table form's words for it.
export function levelName(slug: string): string {
  return slug in LEVELS ? t(`choice_baba_yaga_level_${slug.replace(/-/g, '_')}` as Key) : slug;
}

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
// vent ! (Faster than the Wind!) the extra tile lies one step beyond the far end, outside the grid.
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
