// The track: squares −2 … 22 and the finish line, each witch's token, the curse and the blocker.
// On a phone it wraps into rows of nine squares, so every witch shows without scrolling.
import { t } from '../../i18n/i18n';
import { seatNo } from '../../table/seats';

const FIRST = -2;
const LINE = 23;

export function Track({ view, names }: { view: any; names: string[] }) {
  const cells = [];
  for (let sq = FIRST; sq <= LINE; ++sq) {
    const here = view.witches.filter((w: any) => (sq === LINE ? w.finish_order > 0 || w.square >= LINE : w.square === sq && !(w.finish_order > 0)));
    const curse = view.curse_square === sq;
    const label = sq === LINE ? t('db_line') : String(sq);
    cells.push(
      <li class={`sq${sq === 0 ? ' start' : ''}${sq === LINE ? ' line' : ''}${curse ? ' curse' : ''}${here.length ? ' occupied' : ''}`} aria-label={`${t('db_square')} ${label}${curse ? `, ${t('db_curse')}` : ''}${here.length ? t('colon') + here.map((w: any) => names[w.seat]).join(', ') : ''}`}>
        <span class="sq-no">{sq === LINE ? '' : sq}</span>
        {curse && (
          <span class="curse-mark" title={t('db_curse')}>
            ☠
          </span>
        )}
        {here.map((w: any) => (
          <span class={`token seat-${w.seat}${view.blocker === w.seat ? ' blocker' : ''}${w.seat === view.viewer ? ' me' : ''}`} title={names[w.seat]}>
            {seatNo(w.seat)}
          </span>
        ))}
      </li>,
    );
  }
  return (
    // Focusable: on a narrow screen the track may scroll, and a keyboard must reach it.
    <section class="track-box" aria-labelledby="track-title" tabIndex={0}>
      <h3 id="track-title" class="sr-only">
        {t('db_track')}
      </h3>
      <ol class="track">{cells}</ol>
    </section>
  );
}
