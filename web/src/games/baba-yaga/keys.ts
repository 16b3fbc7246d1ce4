// The terminal's keys of Baba Yaga (docs/rules/baba-yaga.md, "The screen"), turned into
// canonical action texts. Whether an action is allowed is the server's to say: a key, like a
// click on a tile, only ever picks one of the texts in `legal`.
//   Enter ready · n e s w place Baba Yaga · a–e then 1–5 a tile · x or Backspace the wrong
//   one back · Space moves her (f / j with two players) · 1–5 target a seat (counted from 1, as the page shows them) · l keeps Pattes
//   de poulet ! for later · ? the keys

// What was typed and waits for more: a column letter (then a row digit), and for Brouillard
// bizarre ! the first of the two tiles.
export interface KeyPending {
  column: string | null;
  first: string | null;
}

export type KeyResult =
  | { kind: 'act'; action: string }
  | { kind: 'column'; column: string }
  | { kind: 'first'; cell: string }
  | { kind: 'clear' }
  | { kind: 'help' }
  | { kind: 'none' };

const NONE: KeyResult = { kind: 'none' };

// The actions that name a tile, as the server writes them.
const TILE_VERB = /^(turn|back|maison) ([A-E][1-5])$/;
const SWAP = /^swap ([A-E][1-5]) ([A-E][1-5])$/;

// Whether any offered action names a tile (so that a column letter means something now).
export function takesTile(legal: string[]): boolean {
  return legal.some((a) => TILE_VERB.test(a) || SWAP.test(a));
}

// The offered swaps that involve `cell`.
function swapsWith(legal: string[], cell: string): string[] {
  return legal.filter((a) => {
    const m = SWAP.exec(a);
    return !!m && (m[1] === cell || m[2] === cell);
  });
}

// What naming a tile does now, by keys or by a click: turn it, turn it back, put the Maison
// on it, or pick it for a swap (the first tile, then the second).
export function cellAction(legal: string[], cell: string, first: string | null): KeyResult {
  for (const verb of ['turn', 'back', 'maison']) if (legal.includes(`${verb} ${cell}`)) return { kind: 'act', action: `${verb} ${cell}` };
  const swaps = swapsWith(legal, cell);
  if (swaps.length === 0) return NONE;
  if (first === null) return { kind: 'first', cell };
  if (first === cell) return { kind: 'clear' };
  const pair = swaps.find((a) => a === `swap ${first} ${cell}` || a === `swap ${cell} ${first}`);
  return pair ? { kind: 'act', action: pair } : NONE;
}

// The one offered action among `actions`, if it is offered.
const offered = (legal: string[], action: string): KeyResult => (legal.includes(action) ? { kind: 'act', action } : NONE);

export function keyAction(rawKey: string, legal: string[], pending: KeyPending): KeyResult {
  const key = rawKey.length === 1 ? rawKey.toLowerCase() : rawKey;
  if (key === '?') return { kind: 'help' };
  if (key === 'Escape') return pending.column || pending.first ? { kind: 'clear' } : NONE;
  if (key === 'Enter') return offered(legal, 'ready');
  // Placing comes first: then no tile is offered, so e is east and not a column.
  const end = { n: 'north', e: 'east', s: 'south', w: 'west' }[key];
  if (end && legal.includes(`place ${end}`)) return { kind: 'act', action: `place ${end}` };
  if (key === ' ') return offered(legal, 'move');
  if (key === 'f') return offered(legal, 'move left');
  if (key === 'j') return offered(legal, 'move right');
  if (/^[1-5]$/.test(key) && legal.some((a) => a.startsWith('target '))) return offered(legal, `target ${Number(key) - 1}`);
  if (key === 'l') return offered(legal, 'maison later');
  if (key === 'x' || key === 'Backspace') {
    const back = legal.find((a) => a.startsWith('back '));
    return back ? { kind: 'act', action: back } : NONE;
  }
  if (/^[a-e]$/.test(key) && takesTile(legal)) return { kind: 'column', column: key.toUpperCase() };
  if (/^[1-5]$/.test(key) && pending.column) {
    const r = cellAction(legal, pending.column + key, pending.first);
    // A tile that cannot be chosen now leaves nothing half typed.
    return r.kind === 'none' ? { kind: 'clear' } : r;
  }
  return NONE;
}
