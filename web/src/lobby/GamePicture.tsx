// A small emblem per game, drawn here (no art from the published games).
export function GamePicture({ id }: { id: string }) {
  if (id === 'sortileges')
    return (
      <svg class="picture" viewBox="0 0 80 60" aria-hidden="true">
        <rect x="14" y="8" width="30" height="44" rx="4" fill="#fffaf0" stroke="#2b1d3f" stroke-width="2" transform="rotate(-10 29 30)" />
        <rect x="36" y="8" width="30" height="44" rx="4" fill="#fffaf0" stroke="#2b1d3f" stroke-width="2" transform="rotate(10 51 30)" />
        <text x="52" y="38" font-size="18" text-anchor="middle" fill="#b3261e" transform="rotate(10 51 30)">♥</text>
        <text x="28" y="38" font-size="18" text-anchor="middle" fill="#222" transform="rotate(-10 29 30)">♠</text>
      </svg>
    );
  if (id === 'du-balai')
    return (
      <svg class="picture" viewBox="0 0 80 60" aria-hidden="true">
        <line x1="10" y1="50" x2="62" y2="14" stroke="#7a4a1c" stroke-width="4" stroke-linecap="round" />
        <path d="M58 10 L74 4 L70 22 Z" fill="#d9a441" />
        <rect x="8" y="30" width="18" height="18" rx="3" fill="#f08a24" stroke="#222" stroke-width="1.5" />
        <rect x="30" y="36" width="18" height="18" rx="3" fill="#222" />
        <circle cx="17" cy="39" r="3" fill="#222" />
        <circle cx="39" cy="45" r="3" fill="#fff" />
      </svg>
    );
  if (id === 'baba-yaga')
    return (
      <svg class="picture" viewBox="0 0 80 60" aria-hidden="true">
        {[0, 1, 2].flatMap((r) =>
          [0, 1, 2].map((c) => <rect x={8 + c * 15} y={6 + r * 17} width="13" height="15" rx="2" fill={r === 1 || c === 1 ? '#e8d9b0' : '#3f6b3a'} stroke="#2b1d3f" stroke-width="1" />),
        )}
        <rect x="38" y="23" width="13" height="15" rx="2" fill="#f2c14e" stroke="#2b1d3f" stroke-width="1" />
        <path d="M58 16 L74 52" stroke="#7a4a1c" stroke-width="3" stroke-linecap="round" />
        <path d="M54 30 H76 L72 44 H58 Z" fill="#5d5670" stroke="#2b1d3f" stroke-width="1.5" />
        <circle cx="64" cy="24" r="5" fill="#e9c8a6" stroke="#2b1d3f" stroke-width="1" />
      </svg>
    );
  if (id === 'bal-des-sorcieres')
    return (
      <svg class="picture" viewBox="0 0 80 60" aria-hidden="true">
        <path d="M12 52 L26 10 L32 28 L40 52 Z" fill="#2b1d3f" />
        <rect x="6" y="50" width="40" height="5" rx="2.5" fill="#2b1d3f" />
        <path d="M52 18 h8 v8 l7 9 v14 a3 3 0 0 1 -3 3 h-16 a3 3 0 0 1 -3 -3 v-14 l7 -9 z" fill="#fffaf0" stroke="#2b1d3f" stroke-width="2" />
        <path d="M46 38 h20 v11 a3 3 0 0 1 -3 3 h-14 a3 3 0 0 1 -3 -3 z" fill="#d0342c" />
        <circle cx="60" cy="31" r="2" fill="#2e9a46" />
      </svg>
    );
  return (
    <svg class="picture" viewBox="0 0 80 60" aria-hidden="true">
      <circle cx="40" cy="30" r="20" fill="#7b4bb7" />
    </svg>
  );
}
