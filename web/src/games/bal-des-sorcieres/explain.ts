// The rules said where they bite, and the first-game aid's "why", for Le Bal des Sorcières.
// Both read only what the seat already has: its own view (src/games/bal-des-sorcieres/view.cpp)
// and the log lines it received. A reaction window's hint never says who is asked or who holds
// what: the view tells a witch only whether she herself is asked.
import { lang, t } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { parseAction } from './actions';
import { seatLabel } from './data';

// Seconds, written as the page writes them ("1.5", "10").
// The longest a reaction window stays open, in seconds as the page writes them: its `until` is a
// time of the game's clock, counted from the game's start, not from the window's opening.
export function windowSeconds(w: { opened?: number; until?: number }): string {
  return seconds((w.until ?? 0) - (w.opened ?? 0));
}

// Whether the banner shows the clock. Only a reaction window's deadline bounds a witch with a
// choice; a turn's deadline is its least time, after which the table plays a forced move, and
// a countdown there would read as a limit on her.
export function clockShown(v: { phase?: string } | null | undefined): boolean {
  return v?.phase === 'window';
}

function seconds(ms: number): string {
  const s = String(Math.round(ms / 100) / 10);
  return lang() === 'fr' ? s.replace('.', ',') : s;
}

// The moment on the table, in short plain words: what a reaction window is (when it opens, who
// may answer, what passing means), and when Carabosse starts a Tour de Table, after a Grand
// Sabbat or when the Chat Noir turns. `log` is what this seat received, oldest first.
export function balMoment(v: any, log: LogLine[], names: string[]): string[] {
  if (!v || v.phase === 'over') return [];
  const w = v.window;
  if (v.phase === 'window' && w) {
    const out: string[] = [];
    const cards: string[] = w.cards ?? [];
    if (w.kind === 'mirror') {
      const a = v.attack;
      const defender = a ? seatLabel(names, a.defender) : '';
      out.push(t('bal_hint_mirror', { name: defender }));
    } else {
      out.push(t(cards.includes('boule') ? 'bal_hint_turn_boule' : 'bal_hint_turn', { name: seatLabel(names, v.carabosse) }));
    }
    const min = seconds((w.min_until ?? 0) - (w.opened ?? 0));
    const max = windowSeconds(w);
    if (w.asked) {
      // Clockwise from the attacker's left (mirror) or from the left of the holder of Carabosse.
      const from = w.kind === 'mirror' && v.attack ? seatLabel(names, v.attack.attacker) : seatLabel(names, v.carabosse);
      out.push(t(w.answer == null ? 'bal_hint_window_asked' : 'bal_hint_window_answered', { name: from }));
    } else {
      out.push(t('bal_hint_window_others', { min, max }));
    }
    return out;
  }
  // The last marker of the round among the lines: the game's start, a Grand Sabbat, the Chat
  // Noir turning, or an attack already made since.
  let marker: 'start' | 'grand-sabbat' | 'tour' | null = 'start';
  for (const l of log) {
    if (l.kind === 'grand-sabbat') marker = 'grand-sabbat';
    else if (l.kind === 'tour') marker = 'tour';
    else if (l.kind === 'played' && /^Seat \d+: (attack|lutin|pass)\b/.test(l.text ?? '')) marker = null;
  }
  // A page opened in the middle of a game has no lines: the round and tour say enough then.
  if (marker === 'start' && (v.round !== 1 || v.tour !== 1)) marker = null;
  const first = seatLabel(names, v.first_player);
  const holder = seatLabel(names, v.carabosse);
  if (marker === 'start') return [t('bal_hint_start', { name: holder, first })];
  if (marker === 'grand-sabbat') return [t('bal_hint_grand_sabbat'), t('bal_hint_tour1', { name: holder, first })];
  if (marker === 'tour') return [t('bal_hint_tour2', { first })];
  return [];
}

interface Exchange {
  attacker: number;
  lines: LogLine[];
  // The lines between the exchange before and this one: a turn window's answer, if any.
  before: LogLine[];
}

const opens = (l: LogLine) => l.kind === 'played' && /^Seat \d+: (attack|lutin)\b/.test(l.text ?? '');

// The lines of the last exchange: from the last attack (or Lutin farceur) to the end of the log.
function lastExchange(log: LogLine[]): Exchange | null {
  for (let i = log.length - 1; i >= 0; --i) {
    const l = log[i];
    if (l.kind !== 'played') continue;
    const m = /^Seat (\d+): (.+)$/.exec(l.text ?? '');
    if (!m) continue;
    const a = parseAction(m[2]);
    if (!a || (a.type !== 'attack' && a.type !== 'lutin')) continue;
    let j = i;
    while (j > 0 && !opens(log[j - 1])) --j;
    return { attacker: Number(m[1]), lines: log.slice(i), before: log.slice(j, i) };
  }
  return null;
}

// Why the last exchange ended as it did, one sentence for each answer, from the lines this seat
// received: every answer is told to everyone, so this tells nothing hidden.
export function balWhy(log: LogLine[], names: string[]): string[] {
  const ex = lastExchange(log);
  if (!ex) return [];
  const out: string[] = [];
  const name = (s: number) => seatLabel(names, s);
  const attacker = name(ex.attacker);
  const first = /^Seat \d+: (.+)$/.exec(ex.lines[0].text)!;
  const attack = parseAction(first[1]);
  const fantome = attack?.type === 'attack' && !!attack.spell && /\bfantome\b/.test(attack.spell);
  const sortilege = attack?.type === 'attack' && attack.target === 'all';
  // A turn window answered just before: À moi, nananère ! took the turn.
  for (const l of ex.before) {
    const m = /^Seat (\d+) plays .+ and attacks in seat (\d+)'s place\.$/.exec(l.text ?? '');
    if (l.kind === 'nananere' && m) out.push(t('bal_why_nananere', { name: name(Number(m[1])), other: name(Number(m[2])) }));
  }
  if (sortilege) out.push(t('bal_why_sortilege'));
  // A move followed by "mispronounced" was a slip (incantation mode): cancelled.
  const slipped = (k: number) => ex.lines[k + 1]?.kind === 'mispronounced';
  ex.lines.forEach((l, k) => {
    if (k === 0) return;
    const text = l.text ?? '';
    if (l.kind === 'farce') {
      const m = /^Seat (\d+) /.exec(text);
      if (m) out.push(t(text.includes('both white') ? 'bal_why_farce_white' : 'bal_why_farce', { name: name(Number(m[1])) }));
      return;
    }
    if (l.kind === 'miroir') {
      const m = /^Seat (\d+) plays Mon beau miroir: the attack will be doubled on seat (\d+)\.$/.exec(text);
      if (m) out.push(t('bal_why_miroir', { name: name(Number(m[1])), target: name(Number(m[2])), attacker }));
      return;
    }
    if (l.kind !== 'played') return;
    const m = /^Seat (\d+): (.+)$/.exec(text);
    const a = m ? parseAction(m[2]) : null;
    if (!m || !a) return;
    const who = name(Number(m[1]));
    if (slipped(k)) {
      if (a.type === 'parry' || a.type === 'take' || a.type === 'balai' || a.type === 'baguette') out.push(t('bal_why_slip', { name: who }));
      return;
    }
    switch (a.type) {
      case 'parry':
        out.push(t(a.abracadabra ? 'bal_why_parry_abracadabra' : 'bal_why_parry', { name: who }));
        if (fantome && !sortilege) out.push(t('bal_why_fantome_parried', { name: attacker }));
        break;
      case 'take':
        out.push(t(sortilege ? 'bal_why_take_sortilege' : 'bal_why_take', { name: who }));
        break;
      case 'balai':
        out.push(t('bal_why_balai', { name: who, target: name(a.target) }));
        break;
      case 'baguette':
        out.push(t(sortilege ? 'bal_why_baguette_sortilege' : 'bal_why_baguette', { name: who, attacker }));
        break;
    }
  });
  // The attacker's own move cancelled (incantation mode): she passes her turn.
  if (slipped(0) && attack?.type === 'attack') return [t('bal_why_attack_slip', { name: attacker })];
  // A Boule de cristal played after the exchange, in the next turn window.
  for (const l of ex.lines) {
    const m = /^Seat (\d+) plays Boule de cristal/.exec(l.text ?? '');
    if (l.kind === 'boule' && m) out.push(t('bal_why_boule', { name: name(Number(m[1])) }));
  }
  return out;
}
