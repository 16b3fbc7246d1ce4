// The nine dice while the book is open to you. Orange faces are light with dots, black faces
// dark with stripes, and each die says its colour in words: colour is never the only signal.
// The caller renders nothing at all once the book is closed.
import { t } from '../../i18n/i18n';
import { symbolByWord, SymbolSign, SYMBOLS } from './symbols';

export interface Die {
  die: number;
  symbol: string;
  syllable: string;
  colour: 'orange' | 'black';
}

export function Dice({ dice }: { dice: Die[] }) {
  return (
    <ul class="dice" aria-label={t('dice')}>
      {dice.map((d) => {
        const s = symbolByWord(d.symbol) ?? SYMBOLS.find((x) => x.syllable === d.syllable);
        const colour = d.colour === 'orange' ? t('orange') : t('black');
        return (
          <li class={`die ${d.colour}`} aria-label={`${s?.syllable ?? d.syllable} (${s?.name ?? d.symbol}), ${colour}`}>
            <svg viewBox="0 0 48 48" aria-hidden="true">
              <defs>
                <pattern id={`dots-${d.die}`} width="8" height="8" patternUnits="userSpaceOnUse">
                  <rect width="8" height="8" fill="#f39a3d" />
                  <circle cx="4" cy="4" r="1.3" fill="#c76a12" />
                </pattern>
                <pattern id={`stripes-${d.die}`} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                  <rect width="6" height="6" fill="#1d1b22" />
                  <rect width="2" height="6" fill="#3b3744" />
                </pattern>
              </defs>
              <rect x="1" y="1" width="46" height="46" rx="8" fill={d.colour === 'orange' ? `url(#dots-${d.die})` : `url(#stripes-${d.die})`} stroke="#111" stroke-width="2" />
              <g transform="translate(10 10)" class={d.colour === 'orange' ? 'sign-on-orange' : 'sign-on-black'}>
                <SymbolSign id={s?.id ?? d.symbol} />
              </g>
            </svg>
            <span class="die-label">{s?.syllable ?? d.syllable}</span>
            <span class="die-colour">{colour}</span>
          </li>
        );
      })}
    </ul>
  );
}
