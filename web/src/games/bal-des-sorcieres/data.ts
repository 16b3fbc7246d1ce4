// The cards of Le Bal des Sorcières as the page names them: the five potion colours (rarest
// first, as the engine orders them) and the fifteen spells by the slugs of the action texts
// (src/games/bal-des-sorcieres/data.cpp). Spell names stay French in both languages; a colour
// is always written as a word, never shown by its paint alone.
import { t, type Key } from '../../i18n/i18n';

export const COLOURS = ['gris', 'bleu', 'vert', 'jaune', 'rouge'] as const;
export type Colour = (typeof COLOURS)[number];

export const isColour = (slug: string): slug is Colour => (COLOURS as readonly string[]).includes(slug);

// Copies in the box, to say how hard a colour is to parry.
export const COLOUR_COUNTS: Record<Colour, number> = { gris: 3, bleu: 8, vert: 15, jaune: 23, rouge: 35 };

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

// The six witch sheets: seat s plays witch s (data.cpp). The view names them too; the log,
// which has no view, needs them to tell two players of one name apart.
export const WITCHES = ['Hilda Bigleuse', 'Edmée Nez Crochu', 'Ursule Pustule', 'Daphné Menton Poilu', 'Honorine Bossu', 'Gervaise Mauvaise Haleine'];

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
  return isColour(slug) || slug === 'blanc' ? colourWord(slug) : (SPELLS[slug] ?? slug);
}

// What a spell does, in one line.
export function spellEffect(slug: string): string {
  return slug in SPELLS ? t(`bal_effect_${slug}` as Key) : '';
}

// An attack's spell part, "fantome" or "sortilege + tresor", by the cards' names and effects.
export function spellsName(part: string): string {
  return part
    .split(' + ')
    .map((x) => SPELLS[x] ?? x)
    .join(' + ');
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

// "2 × red, Fantôme": a list of cards by kind, for a line of text.
export function cardsLine(cards: BalCard[]): string {
  return groupByKind(cards)
    .map((g) => (g.cards.length > 1 ? `${g.cards.length} × ${kindName(g.kind)}` : kindName(g.kind)))
    .join(', ');
}
