// The page's one table connection, opened on the server that served the page.
import { Connection, type SocketLike } from './protocol/connection';
import { MemoryStore, Tokens, type KeyValue } from './protocol/storage';
import type { GamesAnswer, TableStatus } from './protocol/types';

function storage(): KeyValue {
  try {
    localStorage.setItem('sabbat.probe', '1');
    localStorage.removeItem('sabbat.probe');
    return localStorage;
  } catch {
    return new MemoryStore();
  }
}

export const tokens = new Tokens(storage());

export function wsUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

let live: Connection | null = null;

// A new connection for a new table (a connection belongs to one table for its life), named
// when known: `table` is omitted only to create one.
export function freshConnection(table?: string): Connection {
  live?.close();
  live = new Connection({ url: wsUrl(), table, open: (u) => new WebSocket(u) as unknown as SocketLike, tokens });
  live.connect();
  return live;
}

export function currentConnection(): Connection | null {
  return live;
}

export async function fetchGames(): Promise<GamesAnswer> {
  const r = await fetch('/api/games');
  if (!r.ok) throw new Error(`GET /api/games: ${r.status}`);
  return r.json();
}

export async function fetchTable(code: string): Promise<any | null> {
  const r = await fetch(`/api/tables/${encodeURIComponent(code)}`);
  if (r.status === 404) return null;
  if (!r.ok) throw new Error(`GET /api/tables/${code}: ${r.status}`);
  return r.json();
}

// The tables listed in the lobby that are not over (GET /api/tables).
export async function fetchOpenTables(): Promise<TableStatus[]> {
  const r = await fetch('/api/tables');
  if (!r.ok) throw new Error(`GET /api/tables: ${r.status}`);
  return (await r.json()).tables;
}
