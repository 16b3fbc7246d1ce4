// The nine symbols of Du Balai ! in the order of keys 1–9 (the terminal's order), each with its
// syllable (the action word) and a sign drawn here.
export interface SymbolInfo {
  id: string;
  name: string;
  word: string;
  syllable: string;
}

export const SYMBOLS: SymbolInfo[] = [
  { id: 'oreille', name: 'oreille', word: 'zaam', syllable: 'Zââm' },
  { id: 'toile', name: 'toile', word: 'boulga', syllable: 'Boulgâ' },
  { id: 'tete-de-mort', name: 'tête de mort', word: 'foulzz', syllable: 'Foulzz' },
  { id: 'eclair', name: 'éclair', word: 'glou', syllable: 'Gloû' },
  { id: 'eclair-fourchu', name: 'éclair fourchu', word: 'biii', syllable: 'Bîîî' },
  { id: 'nuage', name: 'nuage', word: 'nebulo', syllable: 'Nébulô' },
  { id: 'oeil', name: 'œil', word: 'zyeux', syllable: 'Zyeûx' },
  { id: 'araignee', name: 'araignée', word: 'arakna', syllable: 'Araknâ' },
  { id: 'etoile', name: 'étoile', word: 'stella', syllable: 'Stellâ' },
];

export function symbolByWord(word: string): SymbolInfo | undefined {
  return SYMBOLS.find((s) => s.word === word || s.id === word);
}

// The sign, in a 24×24 box, drawn with the current colour.
export function SymbolSign({ id }: { id: string }) {
  switch (id) {
    case 'oreille':
      return <path d="M8 20 C4 14 5 4 13 4 C19 4 20 11 16 14 C13 16 15 19 12 20 C10 21 9 21 8 20 Z M12 9 C10 9 10 12 12 12" />;
    case 'toile':
      return (
        <g fill="none" stroke-width="1.6">
          <path d="M12 2 V22 M2 12 H22 M5 5 L19 19 M19 5 L5 19" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="12" cy="12" r="8" />
        </g>
      );
    case 'tete-de-mort':
      return <path d="M12 3 C6 3 4 7 4 11 C4 14 6 15 7 16 V20 H17 V16 C18 15 20 14 20 11 C20 7 18 3 12 3 Z M8.5 9 A2 2 0 1 0 8.6 13 A2 2 0 1 0 8.5 9 Z M15.5 9 A2 2 0 1 0 15.6 13 A2 2 0 1 0 15.5 9 Z" fill-rule="evenodd" />;
    case 'eclair':
      return <path d="M14 2 L5 14 H11 L9 22 L19 9 H13 Z" />;
    case 'eclair-fourchu':
      return <path d="M13 2 L7 11 H11 L6 22 L11 15 L13 22 L14 13 L18 13 L15 2 Z" />;
    case 'nuage':
      return <path d="M6 18 C2 18 2 12 6 12 C6 7 13 6 14 10 C17 7 22 10 20 14 C23 15 22 18 19 18 Z" />;
    case 'oeil':
      return <path d="M2 12 C6 5 18 5 22 12 C18 19 6 19 2 12 Z M12 8.5 A3.5 3.5 0 1 0 12.1 15.5 A3.5 3.5 0 1 0 12 8.5 Z" fill-rule="evenodd" />;
    case 'araignee':
      return (
        <g>
          <circle cx="12" cy="13" r="4" />
          <circle cx="12" cy="7.5" r="2.5" />
          <path d="M8 11 L3 7 M8 13 L2 13 M8 15 L3 19 M16 11 L21 7 M16 13 L22 13 M16 15 L21 19" fill="none" stroke-width="1.6" />
        </g>
      );
    case 'etoile':
      return <path d="M12 2 L14.6 9 H22 L16 13.5 L18.3 21 L12 16.5 L5.7 21 L8 13.5 L2 9 H9.4 Z" />;
  }
  return <circle cx="12" cy="12" r="6" />;
}

export function SymbolIcon({ id, class: cls }: { id: string; class?: string }) {
  return (
    <svg class={`sym ${cls ?? ''}`} viewBox="0 0 24 24" aria-hidden="true">
      <SymbolSign id={id} />
    </svg>
  );
}
