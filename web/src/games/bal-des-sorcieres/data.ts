// The cards of Le Bal des Sorcières as the page names them: the five potion colours (rarest
// first, as the engine orders them), the fifteen spells by the slugs of the action texts
// (src/games/bal-des-sorcieres/data.cpp), each potion's ingredient and the witch sheets. The
// server names them in French; the page in its own language, from the catalogs (bal_spell_*,
// bal_ing_*, bal_witch_*). A colour is always written as a word, never shown by its paint alone.
import { lang, t, type Key } from '../../i18n/i18n';

export const COLOURS = ['gris', 'bleu', 'vert', 'jaune', 'rouge'] as const;
export type Colour = (typeof COLOURS)[number];

export const isColour = (slug: string): slug is Colour => (COLOURS as readonly string[]).includes(slug);

// Copies in the box, to say how hard a colour is to parry.
export const COLOUR_COUNTS: Record<Colour, number> = { gris: 3, bleu: 8, vert: 15, jaune: 23, rouge: 35 };

// The spells by slug, with their French names as printed (the server's).
export const SPELLS: Record<string, string> = {
  abracadabra: 'Abracadabra',
  tresor: 'Trésor magique',
  sortilege: 'Sortilège',
  balai: 'Du balai',
  miroir: 'Mon beau miroir',
  nananere: 'À moi, nananère !',
  remede: 'Remède',
  baguette: 'Baguette magique',
  envoutement: 'Envoûtement',
  enchantement: 'Enchantement',
  tour: 'Tour de magie',
  fantome: 'Fantôme',
  boule: 'Boule de cristal',
  lutin: 'Lutin farceur',
  diablotin: 'Diablotin',
};
export const SPELL_ORDER = Object.keys(SPELLS);

// A spell in the page's language ("Crystal Ball", "Boule de cristal"); an unknown slug as it came.
export function spellName(slug: string): string {
  return slug in SPELLS ? t(`bal_spell_${slug}` as Key) : slug;
}

// The French name to show beside the English one where it helps (the list of spells): null on
// the French page, whose names are already the cards'.
export function frenchBeside(french: string): string | null {
  return lang() === 'fr' ? null : french.replace(/ ([!?;])/g, '\u202f$1');
}

// The potions' ingredients as the server names them (data.cpp, by colour, rarest first), and
// their catalog keys.
export const INGREDIENTS: { key: string; name: string }[] = [
  { key: 'bal_ing_larme_de_dragon', name: 'Larme de dragon' },
  { key: 'bal_ing_poussiere_de_lune', name: 'Poussière de lune' },
  { key: 'bal_ing_cendre_de_phenix', name: 'Cendre de phénix' },
  { key: 'bal_ing_plume_de_lapin_volant', name: 'Plume de lapin volant' },
  { key: 'bal_ing_ecaille_de_sirene', name: 'Écaille de sirène' },
  { key: 'bal_ing_bave_de_licorne', name: 'Bave de licorne' },
  { key: 'bal_ing_brume_de_marecage', name: 'Brume de marécage' },
  { key: 'bal_ing_soupe_de_chat_noir', name: 'Soupe de chat noir' },
  { key: 'bal_ing_jus_de_limace', name: 'Jus de limace' },
  { key: 'bal_ing_mousse_de_tombeau', name: 'Mousse de tombeau' },
  { key: 'bal_ing_ortie_pilee', name: 'Ortie pilée' },
  { key: 'bal_ing_oeil_de_crapaud', name: 'Œil de crapaud' },
  { key: 'bal_ing_poil_de_verrue', name: 'Poil de verrue' },
  { key: 'bal_ing_soufre_fume', name: 'Soufre fumé' },
  { key: 'bal_ing_miel_de_guepe', name: 'Miel de guêpe' },
  { key: 'bal_ing_dent_de_rat', name: 'Dent de rat' },
  { key: 'bal_ing_pollen_de_mandragore', name: 'Pollen de mandragore' },
  { key: 'bal_ing_cire_de_chandelle_noire', name: 'Cire de chandelle noire' },
  { key: 'bal_ing_sang_de_chauve_souris', name: 'Sang de chauve-souris' },
  { key: 'bal_ing_piment_de_sorciere', name: 'Piment de sorcière' },
  { key: 'bal_ing_queue_de_lezard', name: 'Queue de lézard' },
  { key: 'bal_ing_patte_d_araignee', name: "Patte d'araignée" },
  { key: 'bal_ing_ongle_de_gobelin', name: 'Ongle de gobelin' },
  { key: 'bal_ing_crotte_de_hibou', name: 'Crotte de hibou' },
  { key: 'bal_ing_langue_de_vipere', name: 'Langue de vipère' },
];

// An ingredient in the page's language ("Dragon’s Tear", "Larme de dragon"); one the page does
// not know as the server wrote it.
export function ingredientName(name: string): string {
  const i = INGREDIENTS.find((x) => x.name === name);
  return i ? t(i.key as Key) : name;
}

// What a formula of the incantation mode (a potion's ingredient or a spell's name, as printed)
// says in English, for its tooltip; null on the French page or for a text the page does not know.
export function formulaMeaning(formula: string): string | null {
  if (lang() === 'fr') return null;
  if (INGREDIENTS.some((x) => x.name === formula)) return ingredientName(formula);
  const slug = Object.keys(SPELLS).find((s) => SPELLS[s] === formula);
  return slug ? spellName(slug) : null;
}

// The six witch sheets: seat s plays witch s (data.cpp). The view names them too; the log,
// which has no view, needs them to tell two players of one name apart.
// Their French names here, as the view sends them; witchName gives the page's.
export const WITCHES = ['Hilda Bigleuse', 'Edmée Nez Crochu', 'Ursule Pustule', 'Daphné Menton Poilu', 'Honorine Bossu', 'Gervaise Mauvaise Haleine'];

// A witch sheet in the page's language ("Hilda Squint-Eye", "Hilda Bigleuse"), from the French
// name the view sends.
export function witchName(name: string): string {
  const i = WITCHES.indexOf(name);
  return i < 0 ? name : t(`bal_witch_${i}` as Key);
}

// A player's name, with her witch's first name when another seat has the same name (three
// "Bot (normal)" at one table): "Bot (normal) · Edmée".
export function seatLabel(names: string[], s: number): string {
  const name = names[s] ?? t('seat_n', { n: s + 1 });
  const twice = names.filter((n) => n === name).length > 1;
  return twice && WITCHES[s] ? `${name} · ${WITCHES[s].split(' ')[0]}` : name;
}

// "rouge" → "red" (English) or "rouge" (French).
export function colourWord(c: string): string {
  return isColour(c) ? t(`bal_colour_${c}` as Key) : c === 'blanc' ? t('bal_colour_blanc') : c;
}

// A kind by its slug: a colour word, a spell's printed name.
export function kindName(slug: string): string {
  return isColour(slug) || slug === 'blanc' ? colourWord(slug) : spellName(slug);
}

// What a spell does, in one line.
export function spellEffect(slug: string): string {
  return slug in SPELLS ? t(`bal_effect_${slug}` as Key) : '';
}

// An attack's spell part, "fantome" or "sortilege + tresor", by the cards' names and effects.
export function spellsName(part: string): string {
  return part.split(' + ').map(spellName).join(' + ');
}

export function spellsEffect(part: string): string {
  return part.split(' + ').map(spellEffect).join(' ');
}

// "2 red potions", "1 green potion" in the page's language.
export function potions(n: number, c: string): string {
  if (!isColour(c)) return `${n} ${c}`;
  return t(n === 1 ? 'bal_potion_one' : 'bal_potions_n', { n, colour: t(`bal_colour_${n === 1 ? 'f' : 'fp'}_${c}` as Key) });
}

export interface BalCard {
  id: number;
  kind: string;
  name: string;
}

// Cards grouped by kind, in the engine's order (colours rarest first, then the spells).
export function groupByKind(cards: BalCard[]): { kind: string; cards: BalCard[] }[] {
  const order = [...COLOURS, ...SPELL_ORDER];
  const groups = new Map<string, BalCard[]>();
  for (const c of cards) groups.set(c.kind, [...(groups.get(c.kind) ?? []), c]);
  return [...groups.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])).map(([kind, cs]) => ({ kind, cards: cs }));
}

// "2 × red, Ghost": a list of cards by kind, for a line of text.
export function cardsLine(cards: BalCard[]): string {
  return groupByKind(cards)
    .map((g) => (g.cards.length > 1 ? `${g.cards.length} × ${kindName(g.kind)}` : kindName(g.kind)))
    .join(', ');
}
