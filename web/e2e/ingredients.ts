// A Baba Yaga ingredient as a page may write it: the French name the server sends, or its
// English name on an English page (src/i18n/baba_yaga_en.ts).
import { INGREDIENTS } from '../src/games/baba-yaga/data';
import { babaYagaEn } from '../src/i18n/baba_yaga_en';

export function ingredientNames(french: string): string[] {
  const i = INGREDIENTS.find((x) => x.name === french);
  const en = i ? (babaYagaEn as Record<string, string>)[`by_ing_${i.id}`] : undefined;
  return en ? [french, en] : [french];
}

// Whether `text` (a page's text or HTML) holds the ingredient under either name.
export function namesIngredient(text: string, french: string): boolean {
  return ingredientNames(french).some((n) => text.includes(n) || text.includes(n.replace(/'/g, '&#39;')));
}
