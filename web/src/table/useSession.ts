import { useEffect, useState } from 'preact/hooks';
import type { Connection } from '../protocol/connection';
import type { Session } from '../protocol/session';

export function useSession(conn: Connection | null): Session | null {
  const [s, setS] = useState<Session | null>(conn ? conn.session : null);
  useEffect(() => (conn ? conn.subscribe(setS) : undefined), [conn]);
  return s;
}

// Re-renders every `ms` while `on`: countdowns.
export function useTick(on: boolean, ms = 200): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [on, ms]);
  return now;
}
