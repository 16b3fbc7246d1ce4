// Rectification after the reveal, compactly: a card of her formula out (rows) for a card of her
// hand in (columns), each cell the server's action with what the formula would become. Twenty
// exchanges as a list filled a phone's page many times over on a 15 s clock; as a grid they fit
// under the banner, the ones that help marked and listed first.
import { t } from '../../i18n/i18n';
import { actionLabel } from './labels';
import { symbolByWord } from './symbols';
import { judge, judgementText, type Book } from './why';

const RECTIFY = /^play rectification (\S+) for (\S+)$/;

export const isRectification = (a: string) => RECTIFY.test(a);

const syl = (w: string) => symbolByWord(w)?.syllable ?? w;

export function RectifyGrid({ options, formula, book, names, busy, act }: { options: string[]; formula: string[]; book: Book | null; names: string[]; busy: boolean; act: (a: string) => boolean }) {
  const pairs = options.map((a) => RECTIFY.exec(a)!).map((m) => ({ action: m[0], out: m[1], into: m[2] }));
  const outs = [...new Set(pairs.map((p) => p.out))];
  const ins = [...new Set(pairs.map((p) => p.into))];
  const outcome = (out: string, into: string) => (book ? judge(formula.map((c) => (c === out ? into : c)), book) : null);
  const helps = pairs.filter((p) => {
    const j = outcome(p.out, p.into);
    return j && (j.verdict === 'valid' || j.verdict === 'perfect');
  });
  return (
    <div class="rectify">
      <p class="small rectify-sum">{helps.length ? t('db_rectify_some', { n: helps.length, of: pairs.length }) : t('db_rectify_none', { of: pairs.length })}</p>
      <table class="rectify-grid">
        <caption class="sr-only">{t('db_rectify_caption')}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span aria-hidden="true">{t('db_rectify_corner')}</span>
            </th>
            {ins.map((i) => (
              <th scope="col">{syl(i)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {outs.map((o) => (
            <tr>
              <th scope="row">{syl(o)}</th>
              {ins.map((i) => {
                const p = pairs.find((x) => x.out === o && x.into === i);
                if (!p) return <td />;
                const j = outcome(o, i);
                const good = !!j && (j.verdict === 'valid' || j.verdict === 'perfect');
                const mark = !j ? '·' : j.verdict === 'perfect' ? '★' : good ? '✓' : '✕';
                const label = `${actionLabel(p.action, names)}${j ? ` → ${judgementText(j)}` : ''}`;
                return (
                  <td>
                    <button type="button" class={`move rectify-cell${good ? ' helps' : ''}`} data-action={p.action} disabled={busy} aria-label={label} title={label} onClick={() => act(p.action)}>
                      {mark}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p class="small rectify-legend">{t('db_rectify_legend')}</p>
    </div>
  );
}
