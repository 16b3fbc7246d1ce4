// Letting every reaction window pass (docs/rules/bal-des-sorcieres.md): a convenience of the
// table, not a rule. While it is on, the page answers `pass` for the witch each time a window
// asks her, as she would by clicking; the choice is kept per table and seat in this browser,
// until she changes her mind. Her passes are told to nobody else, so the others cannot tell.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/i18n';
import type { Session } from '../../protocol/session';

export const letPassKey = (table: string, seat: number) => `sabbat.bal.let-pass.${table}.${seat}`;

function load(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function save(key: string, on: boolean) {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    // No storage (a private window): the choice lasts as long as the page.
  }
}

// Whether the page should answer `pass` now: she chose to, a window asks her, nothing is on
// its way to the server.
export function shouldLetPass(on: boolean, phase: unknown, legal: string[], busy: boolean): boolean {
  return on && phase === 'window' && legal.includes('pass') && !busy;
}

// The choice and its effect: sends `pass` when a window asks her while it is on.
export function useLetPass(session: Session, send: (action: string) => boolean): [boolean, (on: boolean) => void] {
  const key = session.role === 'seat' && session.table !== null && session.seat !== null ? letPassKey(session.table, session.seat) : null;
  const [on, setOn] = useState(() => (key ? load(key) : false));
  const st = session.state;
  const legal = session.role === 'seat' ? (st?.legal ?? []) : [];
  const now = shouldLetPass(on, st?.view?.phase, legal, session.pending !== null);
  // Once per state: the server's "accepted" may come before the state that has her answer,
  // and a second pass would be refused (a witch answers once).
  const sentAt = useRef<number | null>(null);
  useEffect(() => {
    if (!now || st === null || sentAt.current === st.seq) return;
    sentAt.current = st.seq;
    send('pass');
  }, [now, st?.seq]);
  const set = (v: boolean) => {
    if (key) save(key, v);
    setOn(v);
  };
  return [key ? on : false, set];
}

export function LetPass({ on, set }: { on: boolean; set: (on: boolean) => void }) {
  return (
    <label class="bal-let-pass small">
      <input type="checkbox" checked={on} onChange={(e) => set((e.target as HTMLInputElement).checked)} /> {t('bal_let_pass')}
      {on && <span class="bal-help"> {t('bal_let_pass_on')}</span>}
    </label>
  );
}
