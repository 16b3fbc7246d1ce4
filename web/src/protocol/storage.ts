// Seat and owner tokens kept in the browser (localStorage), one entry per table, so that a
// reload or a lost connection gets the seat back with `rejoin`.
export interface KeyValue {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SeatToken {
  seat: number;
  token: string;
}

const seatKey = (table: string) => `sabbat.seat.${table}`;
const ownerKey = (table: string) => `sabbat.owner.${table}`;

export class Tokens {
  constructor(private readonly store: KeyValue) {}

  seat(table: string): SeatToken | null {
    try {
      const raw = this.store.getItem(seatKey(table));
      if (!raw) return null;
      const v = JSON.parse(raw);
      if (typeof v?.seat === 'number' && typeof v?.token === 'string') return { seat: v.seat, token: v.token };
    } catch {
      /* a damaged entry is as good as none */
    }
    return null;
  }
  saveSeat(table: string, t: SeatToken): void {
    this.store.setItem(seatKey(table), JSON.stringify(t));
  }
  forgetSeat(table: string): void {
    this.store.removeItem(seatKey(table));
  }
  // The tables this browser holds a seat at, by code.
  seatTables(): string[] {
    const out: string[] = [];
    for (let i = 0; i < this.store.length; i++) {
      const k = this.store.key(i);
      if (k?.startsWith('sabbat.seat.')) {
        const code = k.slice('sabbat.seat.'.length);
        if (this.seat(code)) out.push(code);
      }
    }
    return out.sort();
  }
  // Forgets everything kept for a table: its seat token and its owner token.
  forgetTable(table: string): void {
    this.store.removeItem(seatKey(table));
    this.store.removeItem(ownerKey(table));
  }
  owner(table: string): string | null {
    return this.store.getItem(ownerKey(table));
  }
  saveOwner(table: string, token: string): void {
    this.store.setItem(ownerKey(table), token);
  }
}

// For tests and for browsers that refuse storage (private modes).
export class MemoryStore implements KeyValue {
  private m = new Map<string, string>();
  get length() {
    return this.m.size;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.m.has(k) ? (this.m.get(k) as string) : null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}
