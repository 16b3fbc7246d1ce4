// A real-time game's ready step (docs/protocol.md, "Ready, then the clock"): every seat is
// taken, and the game waits until each person says she is ready, the owner starting for
// anyone away; then a short countdown everyone sees, and the game for everyone at once.
import { t } from '../i18n/i18n';
import type { Connection } from '../protocol/connection';
import { countdownLeft, type Session } from '../protocol/session';
import type { TableStatus } from '../protocol/types';
import { useTick } from './useSession';

// The people not ready yet, by seat.
export function notReady(status: TableStatus): number[] {
  return status.seats.filter((s) => s.kind === 'human' && !s.ready).map((s) => s.seat);
}

export function ReadyPanel({ s, conn, code, names, owner }: { s: Session; conn: Connection; code: string; names: string[]; owner: boolean }) {
  const status = s.status!;
  const counting = !!status.ready_step?.countdown;
  // The tick only redraws: its time may be older than the status just received.
  useTick(counting, 100);
  const left = countdownLeft(s, Date.now());
  const waiting = notReady(status);
  const mine = s.role === 'seat' && s.seat !== null ? status.seats.find((x) => x.seat === s.seat) : undefined;
  return (
    <div class="ready-step panel">
      <h2>{counting ? t('ready_countdown_title') : t('ready_title')}</h2>
      {left !== null ? (
        <p class="ready-countdown" role="timer" aria-live="polite">
          {t('ready_begins_in', { n: Math.max(1, Math.ceil(left / 1000)) })}
        </p>
      ) : (
        <>
          <p>{t('ready_help')}</p>
          {mine && !mine.ready && (
            <p>
              <button type="button" class="primary ready-button" onClick={() => conn.ready()}>
                {t('ready_button')}
              </button>
            </p>
          )}
          {mine?.ready && <p class="ready-mine">{t('ready_you_are')}</p>}
          {waiting.length > 0 && <p class="ready-waiting">{t('ready_waiting_for', { names: waiting.map((w) => (w === s.seat ? t('you') : names[w])).join(', ') })}</p>}
          {owner &&
            waiting
              .filter((w) => w !== s.seat)
              .map((w) => (
                <p>
                  <button type="button" class="start-for" onClick={() => conn.readyFor(code, w)}>
                    {t('ready_start_for', { name: names[w] })}
                  </button>
                </p>
              ))}
          {owner && waiting.length > 1 && <small>{t('ready_start_for_help')}</small>}
        </>
      )}
    </div>
  );
}
