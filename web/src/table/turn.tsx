// The turn signal: when the seat gets legal actions it did not have (its turn, or a reaction
// window open to it), the tab's title says so and, if the person asked for it, a short sound
// plays (made with the Web Audio API, no file). After a move, the focus goes to the next thing
// to do on the board.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { legalKeys } from '../protocol/legal';
import type { Session } from '../protocol/session';

// The tab's title: the page's own title, with the turn flag in front while the seat has moves.
let baseTitle = 'Sabbat';
let flag: string | null = null;
export function titleText(base: string, turn: string | null): string {
  return turn ? `● ${turn} · ${base}` : base;
}
function showTitle(): void {
  if (typeof document !== 'undefined') document.title = titleText(baseTitle, flag);
}
export function setBaseTitle(title: string): void {
  baseTitle = title;
  showTitle();
}
function setTurnFlag(on: boolean): void {
  flag = on ? t('turn_title') : null;
  showTitle();
}

// The actions in `now` that `before` did not have: a turn begins when there are some.
export function newActions(before: readonly string[], now: readonly string[]): string[] {
  const had = new Set(before);
  return now.filter((a) => !had.has(a));
}

const SOUND_KEY = 'sabbat.turnSound';
export function soundWanted(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === '1';
  } catch {
    return false;
  }
}
function rememberSound(on: boolean): void {
  try {
    if (on) localStorage.setItem(SOUND_KEY, '1');
    else localStorage.removeItem(SOUND_KEY);
  } catch {
    /* the choice lasts for this page */
  }
}

let audio: AudioContext | null = null;
let lastBeep = -Infinity;
// Two short soft notes. The context is made on the person's click (browsers start audio only
// after a gesture), and then reused.
function audioContext(): AudioContext | null {
  const Ctx = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return null;
  audio ??= new Ctx();
  if (audio.state === 'suspended') void audio.resume();
  return audio;
}
export function beep(): void {
  const ctx = audioContext();
  if (!ctx || ctx.currentTime - lastBeep < 1.5) return;
  lastBeep = ctx.currentTime;
  [660, 880].forEach((hz, i) => {
    const at = ctx.currentTime + i * 0.12;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.12);
  });
}

// The board's next thing to do: the first enabled control of the board, unless the person is
// typing somewhere or the focus is still on something that is there.
function focusNext(): void {
  const active = document.activeElement as HTMLElement | null;
  const lost = !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled;
  if (!lost) return;
  const board = document.querySelector('.board-area');
  const next = board?.querySelector<HTMLElement>('input:not([disabled]):not([type=hidden]), button:not([disabled]), select:not([disabled]), textarea:not([disabled])');
  next?.focus();
}

export function useTurnSignal(s: Session | null): void {
  const before = useRef<string[]>([]);
  // Only while the table plays: a table waiting for its people has no turn yet. The forms
  // count too: a Du Balai ! writing phase offers its formulas as a form.
  const legal = s && s.seat !== null && s.role === 'seat' && !s.result && s.status?.phase === 'playing' && s.state ? legalKeys(s.state) : [];
  useEffect(() => {
    const fresh = newActions(before.current, legal);
    before.current = legal;
    setTurnFlag(legal.length > 0);
    if (fresh.length > 0) {
      if (soundWanted()) beep();
      focusNext();
    }
  }, [legal.join('\n')]);
  useEffect(() => () => setTurnFlag(false), []);
}

export function SoundToggle() {
  const [on, setOn] = useState(soundWanted());
  return (
    <label class="field inline sound-toggle">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          const v = (e.target as HTMLInputElement).checked;
          rememberSound(v);
          setOn(v);
          if (v) beep();
        }}
      />
      <span>{t('turn_sound')}</span>
    </label>
  );
}
