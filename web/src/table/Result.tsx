import type { ComponentChildren } from 'preact';
import { t } from '../i18n/i18n';
import { go } from '../route';
import type { ResultMsg } from '../protocol/types';

export function Result({ result, names, breakdown, replay }: { result: ResultMsg; names: string[]; breakdown: ComponentChildren; replay?: string }) {
  const order = result.scores.map((_, i) => i).sort((a, b) => result.ranks[a] - result.ranks[b]);
  return (
    <section class="result panel" aria-labelledby="result-title">
      <h2 id="result-title">{t('result')}</h2>
      <table class="scores">
        <thead>
          <tr>
            <th scope="col">{t('rank')}</th>
            <th scope="col">{t('player')}</th>
            <th scope="col">{t('score')}</th>
          </tr>
        </thead>
        <tbody>
          {order.map((i) => (
            <tr class={result.ranks[i] === 1 ? 'winner' : ''} data-seat={i}>
              <td>{result.ranks[i]}</td>
              <td>{names[i]}</td>
              <td class="score-value">{result.scores[i]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {breakdown}
      <p>
        <a class="button" href={result.record} download>
          {t('download_record')}
        </a>
        {replay && (
          <>
            {' '}
            <a class="button" href={replay} onClick={(e) => (e.preventDefault(), go(replay))}>
              {t('replay_watch')}
            </a>
          </>
        )}
      </p>
    </section>
  );
}
