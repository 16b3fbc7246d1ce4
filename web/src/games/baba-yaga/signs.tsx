// The drawings of the Baba Yaga table, made here with a few SVG shapes: a sign for each
// forest face (hint), Baba Yaga in her mortar, the Maison on its hen's legs, the closed eye
// of a tile hidden by Lumière aveuglante !. All are decorative: the text beside them, or the
// tile's label, says the same in words.

// One forest face's sign in a 24×24 box, drawn with the current colour.
export function HintSign({ sign }: { sign: string }) {
  switch (sign) {
    case 'claws':
      return (
        <g fill="none" stroke-width="2" stroke-linecap="round">
          <path d="M6 4 C9 9 10 14 9 20" />
          <path d="M11 3 C14 8 15 14 14 21" />
          <path d="M16 4 C19 9 20 14 19 19" />
        </g>
      );
    case 'nest':
      return (
        <g>
          <ellipse cx="9.5" cy="12" rx="3" ry="3.8" />
          <ellipse cx="14.5" cy="12" rx="3" ry="3.8" />
          <path d="M2 13 C4 21 20 21 22 13 Z" />
          <path d="M3 16 L21 15 M4 18 L20 18.5" fill="none" stroke-width="1" class="cut" />
        </g>
      );
    case 'mushrooms':
      return (
        <g>
          <path d="M2 11 A4 3.5 0 0 1 10 11 Z M5 11 H7 V16 H5 Z" />
          <path d="M8 7 A4.5 4 0 0 1 17 7 Z M11.3 7 H13.7 V13 H11.3 Z" />
          <path d="M14 14 A4 3.5 0 0 1 22 14 Z M17 14 H19 V19 H17 Z" />
          <path d="M2 21 C8 18 16 18 22 21" fill="none" stroke-width="1.5" />
        </g>
      );
    case 'glow':
      return (
        <g>
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 2 V5.5 M12 18.5 V22 M2 12 H5.5 M18.5 12 H22 M4.9 4.9 L7.4 7.4 M16.6 16.6 L19.1 19.1 M4.9 19.1 L7.4 16.6 M16.6 7.4 L19.1 4.9" fill="none" stroke-width="1.8" stroke-linecap="round" />
        </g>
      );
    case 'threads':
      return (
        <g fill="none" stroke-width="1.4">
          <path d="M2 2 L22 22 M2 2 L22 9 M2 2 L9 22" />
          <path d="M8 4.2 C7 6 6 7 4.2 8 M14 6.3 C12.6 9.5 10 12 6.3 14 M20 8.4 C18 14 14 18 8.4 20" />
        </g>
      );
    case 'chest':
      return (
        <g>
          <path d="M3 12 H21 V21 H3 Z" />
          <path d="M3 11 L5 4 L22 6 L21 11 Z" class="lid" />
          <path d="M10.5 13 H13.5 V17 H10.5 Z" class="cut" />
        </g>
      );
    case 'isba':
      return (
        <g>
          <path d="M2 11 L12 3 L22 11 Z" />
          <path d="M4 11 H20 V21 H4 Z" class="lid" />
          <path d="M4 14 H20 M4 17.5 H20" fill="none" stroke-width="1" class="cut" />
          <path d="M10 15 H14 V21 H10 Z" class="cut" />
        </g>
      );
    case 'oven':
      return (
        <g>
          <path d="M3 20 C3 13 21 13 21 20 Z" />
          <path d="M8 11 C6 9 10 7 8 4 M12 11 C10 9 14 7 12 3 M16 11 C14 9 18 7 16 4" fill="none" stroke-width="1.6" stroke-linecap="round" />
          <path d="M7 17 L9 15.5 M11 17 L13 15.5 M15 17 L17 15.5" fill="none" stroke-width="1" class="cut" />
        </g>
      );
  }
  return <circle cx="12" cy="12" r="5" />;
}

export function HintIcon({ sign }: { sign: string }) {
  return (
    <svg class="by-hint-sign" viewBox="0 0 24 24" aria-hidden="true">
      <HintSign sign={sign} />
    </svg>
  );
}

// Baba Yaga flying in her mortar, pestle in hand.
export function BabaYagaFigure({ class: cls }: { class?: string }) {
  return (
    <svg class={`by-figure ${cls ?? ''}`} viewBox="0 0 40 40" aria-hidden="true">
      <path d="M21 3 L34 36" class="pestle" />
      <path d="M12 13 C12 7 22 6 23 13 L25 15 L22 15 C21 18 14 19 12 13 Z" class="face" />
      <path d="M10 14 C9 6 24 3 25 12 C21 9 15 9 10 14 Z" class="scarf" />
      <path d="M7 20 H31 L27 33 H11 Z" class="mortar" />
      <path d="M9 24 H29" class="band" />
      <path d="M8 36 C12 33 18 37 22 35 C26 33 30 37 34 35" class="trail" />
    </svg>
  );
}

// The Maison: a hut on two hen's legs.
export function MaisonSign() {
  return (
    <svg class="by-maison-sign" viewBox="0 0 40 40" aria-hidden="true">
      <path d="M6 16 L20 5 L34 16 Z" class="roof" />
      <path d="M9 16 H31 V28 H9 Z" class="walls" />
      <path d="M17 19 H23 V25 H17 Z" class="window" />
      <path d="M15 28 L13 35 L9 37 M13 35 L15 38 M13 35 L11 38 M25 28 L27 35 L31 37 M27 35 L25 38 M27 35 L29 38" class="legs" />
    </svg>
  );
}

// A closed eye: a tile Lumière aveuglante ! hides from the searcher.
export function ClosedEye() {
  return (
    <svg class="by-closed-eye" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 10 C7 15 17 15 21 10 M6 13 L4.5 15.5 M12 14.5 V17 M18 13 L19.5 15.5" fill="none" stroke-width="1.6" stroke-linecap="round" />
    </svg>
  );
}
