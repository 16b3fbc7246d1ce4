// Readable labels for the canonical actions of Du Balai ! (the texts themselves come from the
// server's legal list).
import { t } from '../../i18n/i18n';
import { cardName, cardOfAction } from './cards';
import { symbolByWord } from './symbols';

const syl = (w: string) => symbolByWord(w)?.syllable ?? w;

export function actionLabel(a: string, names: string[]): string {
  let m;
  if (a === 'close-book') return t('db_close_book');
  if (a === 'pass') return t('db_pass');
  if (a === 'brouillard') return t('db_brouillard');
  if ((m = /^start (\d+)$/.exec(a))) return t('db_start', { n: m[1] });
  if (a === 'formula none') return t('db_formula_none');
  if ((m = /^keep (\S+)$/.exec(a))) return t('db_keep', { card: cardName(m[1]) });
  if ((m = /^play mauvais-sort on (\d+)$/.exec(a))) return t('db_mauvais_sort_on', { name: names[Number(m[1])] ?? m[1] });
  if ((m = /^play attraction (\d)$/.exec(a))) return t('db_attraction', { n: m[1] });
  if ((m = /^play oubli-repare (\S+)( to second)?$/.exec(a))) return t(m[2] ? 'db_oubli_second' : 'db_oubli', { s: syl(m[1]) });
  if ((m = /^play rectification (\S+) for (\S+)$/.exec(a))) return t('db_rectification', { out: syl(m[1]), in: syl(m[2]) });
  if ((m = /^play (\S+)$/.exec(a))) return t('db_play', { card: cardName(m[1]) });
  return a;
}

// A spell as a reaction window tells it: the card's name, with its target when it has one
// (not the button's words, "Play Tailwind").
export function spellLabel(a: string, names: string[]): string {
  if (a === 'brouillard') return cardName('brouillard');
  const card = cardOfAction(a);
  if (!card) return actionLabel(a, names);
  const m = /^play mauvais-sort on (\d+)$/.exec(a);
  return m ? t('db_spell_on', { card: cardName(card), name: names[Number(m[1])] ?? m[1] }) : cardName(card);
}
