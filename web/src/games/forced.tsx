// Forced answers: a seat whose only legal action is one the rules force on her (Du Balai !: pass
// holding nothing playable; Le Bal: take an attack with no way to parry; Baba Yaga: a spell
// that may target one opponent only) is not asked; the game
// plays it for her and tells it with an event of kind `forced` ({seat, action, why}). Her view
// holds `forced`, "auto" or "ask"; she changes it with the seat setting `forced ask` /
// `forced auto`. Here: the words of such an event, and her checkbox.
import { t, type Key } from '../i18n/i18n';
import type { LogLine } from '../protocol/session';

type Forced = { seat?: number; action?: string; why?: string; target?: number };

const WHYS = ['nothing-playable', 'no-parry', 'one-target'];

// The event told in the page's language: to her ("you") when `me` is her seat, else by name.
export function forcedText(d: Forced, names: string[], me: number | null = null): string | null {
  if (typeof d.seat !== 'number' || d.seat < 0) return null;
  const why = d.why && WHYS.includes(d.why) ? d.why.replace('-', '_') : 'other';
  const whom = d.seat === me ? 'you' : 'other';
  const name = (s: number) => names[s] ?? t('seat_n', { n: s + 1 });
  // Baba Yaga's lone target is named, not given as the action's seat number.
  const target = typeof d.target === 'number' && d.target >= 0 ? name(d.target) : '';
  if (why === 'one_target' && !target) return null;
  return t(`forced_${whom}_${why}` as Key, { name: name(d.seat), action: d.action ?? '', target });
}

// The newest answer the table gave for her among the log's last lines, if any: what her board
// says under its banner until the game has moved on.
export function lastForcedFor(log: LogLine[], me: number | null): Forced | null {
  if (me === null) return null;
  for (let i = log.length - 1; i >= Math.max(0, log.length - 12); --i) {
    const l = log[i];
    const d = (l.data ?? {}) as Forced;
    if (l.kind === 'forced' && d.seat === me) return d;
  }
  return null;
}

// "Play my forced moves for me", ticked while her view says "auto"; shown only when the game's
// view has the setting and the page can send it.
export function ForcedToggle({ mode, setting }: { mode: unknown; setting?: (text: string) => boolean }) {
  if ((mode !== 'auto' && mode !== 'ask') || !setting) return null;
  return (
    <label class="forced-toggle small">
      <input type="checkbox" checked={mode === 'auto'} onChange={(e) => setting((e.target as HTMLInputElement).checked ? 'forced auto' : 'forced ask')} /> {t('forced_toggle')}
    </label>
  );
}

// What the table did for her, under the banner of her board.
export function ForcedNote({ log, me, names }: { log: LogLine[]; me: number | null; names: string[] }) {
  const d = lastForcedFor(log, me);
  const text = d && forcedText(d, names, me);
  return text ? (
    <p class="forced-note" role="status">
      {text}
    </p>
  ) : null;
}
