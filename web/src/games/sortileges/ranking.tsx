// The spell ranking of the rule book (docs/rules/sortileges.md), shown at the table. Text only:
// which spell a set of cards makes is the server's to say.
import { t } from '../../i18n/i18n';

const SPELLS: [string, string][] = [
  ['Demonicus', 'spell_demonicus'],
  ['Corromptus', 'spell_corromptus'],
  ['Fingus', 'spell_fingus'],
  ['Semi-Corromptus', 'spell_semi_corromptus'],
  ['Triplus', 'spell_triplus'],
  ['Sequencia', 'spell_sequencia'],
  ['Deuus', 'spell_deuus'],
  ['Plumpus', 'spell_plumpus'],
];

export function SpellRanking() {
  return (
    <details class="ranking panel">
      <summary>{t('spell_ranking')}</summary>
      <ol>
        {SPELLS.map(([name, key]) => (
          <li>
            <strong>{name}</strong>: {t(key as any)}
          </li>
        ))}
      </ol>
      <p class="small">{t('spell_ties')}</p>
      <p class="small">{t('sortileges_points')}</p>
    </details>
  );
}
