// Playing cards drawn here: rank and suit sign in the corners and the middle; red and black
// suits also differ by their sign, so colour is never the only signal.
import { t, type Key } from '../../i18n/i18n';
const SUITS: Record<string, { sign: string; red: boolean }> = {
  S: { sign: '♠', red: false },
  H: { sign: '♥', red: true },
  C: { sign: '♣', red: false },
  D: { sign: '♦', red: true },
};

export function parseCard(text: string): { rank: string; suit: string } {
  const t = text.toUpperCase();
  return { rank: t.slice(0, -1) === 'T' ? '10' : t.slice(0, -1), suit: t.slice(-1) };
}

// "7♥", "10♠": how the page writes a card in text.
export function cardText(text: string): string {
  const { rank, suit } = parseCard(text);
  return `${rank}${SUITS[suit]?.sign ?? suit}`;
}

// "Jack of spades", "Valet de pique": the card's caption in the page's language.
export function cardName(text: string): string {
  const { rank, suit } = parseCard(text);
  const r = ['J', 'Q', 'K', 'A'].includes(rank) ? t(`sort_rank_${rank}` as Key) : rank;
  return SUITS[suit] ? t('sort_card_caption', { rank: r, suit: t(`sort_suit_${suit}` as Key) }) : text;
}

export function Card({ card, small }: { card: string; small?: boolean }) {
  const { rank, suit } = parseCard(card);
  const s = SUITS[suit] ?? { sign: '?', red: false };
  const face = ['J', 'Q', 'K', 'A'].includes(rank);
  return (
    <svg class={`card${small ? ' small' : ''}${s.red ? ' red' : ' black'}`} viewBox="0 0 60 84" role="img" aria-label={cardName(card)}>
      <title>{cardName(card)}</title>
      <rect x="1" y="1" width="58" height="82" rx="6" class="card-face" />
      <text x="6" y="18" class="corner">
        {rank}
      </text>
      <text x="6" y="32" class="corner-suit">
        {s.sign}
      </text>
      {face ? (
        <g>
          <rect x="16" y="24" width="28" height="36" rx="4" class="court" />
          <text x="30" y="50" text-anchor="middle" class="court-letter">
            {rank}
          </text>
        </g>
      ) : (
        <text x="32" y="58" text-anchor="middle" class="pip">
          {s.sign}
        </text>
      )}
      <text x="54" y="78" text-anchor="end" class="corner">
        {rank}
      </text>
    </svg>
  );
}

export function CardBack({ label, small }: { label: string; small?: boolean }) {
  return (
    <svg class={`card back${small ? ' small' : ''}`} viewBox="0 0 60 84" role="img" aria-label={label}>
      <title>{label}</title>
      <defs>
        <pattern id="back-stars" width="12" height="12" patternUnits="userSpaceOnUse">
          <rect width="12" height="12" class="back-bg" />
          <path d="M6 2 L7.2 5 L10 6 L7.2 7 L6 10 L4.8 7 L2 6 L4.8 5 Z" class="back-star" />
        </pattern>
      </defs>
      <rect x="1" y="1" width="58" height="82" rx="6" fill="url(#back-stars)" class="back-edge" />
      <circle cx="30" cy="42" r="13" class="back-moon" />
    </svg>
  );
}
