// One witch's line of the result: her race points (25, 24, 23 across the line, else her square)
// and her acrobatics, each with its points, adding up to the server's total. The view's
// `score_parts` splits each score so; without it, the total alone.
import { t } from '../../i18n/i18n';
import { acrobaticsOf, cardName } from './cards';

type Witch = { seat: number; square: number; finish_order: number; hand?: string[]; acrobatics?: string[] };
type Parts = { race: number; acrobatics: number };

export function breakdownText(w: Witch, parts: Parts | undefined, score: number | undefined): string {
  const where = w.finish_order > 0 ? t('db_finished', { n: w.finish_order }) : t('db_on_square', { n: w.square });
  const acro = acrobaticsOf(w);
  const total = t('n_points', { n: score ?? '?' });
  if (!parts) return `${where} · ${acro.length ? `${t('db_acrobatics')}${t('colon')}${acro.map(cardName).join(', ')}` : t('db_no_acrobatics')} = ${total}`;
  const race = `${where}${t('colon')}${t('n_points', { n: parts.race })}`;
  const bonus = acro.length ? `${t('db_acrobatics')} (${acro.map(cardName).join(', ')})${t('colon')}${t('n_points', { n: parts.acrobatics })}` : t('db_no_acrobatics');
  return `${race} + ${bonus} = ${total}`;
}
