// The events of Le Bal des Sorcières in the page's language. Their data is empty: everything is
// read from the server's English text (src/games/bal-des-sorcieres/rules.cpp and legal.cpp):
// "played" ("Seat 2: attack 1 with 2 rouge + fantome", any canonical action), "farce",
// "card-won", "crapzouille-lost", "captured", "eliminated", "restock", "tour", "grand-sabbat", the reaction windows' ("window-pass",
// told to the witch who passed only; "window-answer" and "window-answer-void", her own answer, also hers alone;
// "window-closed", "nananere", "miroir", "doubled", "boule", "boule-done") and the incantation
// mode's "mispronounced". A text this page cannot read keeps the server's.
// Players of one name (bots) are told apart by their witches' first names.
import { t } from '../../i18n/i18n';
import type { LogLine } from '../../protocol/session';
import { parseAction } from './actions';
import { kindName, potions, seatLabel as seatName, spellsName } from './data';
import { forcedText } from '../forced';

export function narrateBal(l: LogLine, names: string[]): string | null {
  // A forced answer the table played for a seat (see ../forced.tsx).
  if (l.kind === 'forced') return forcedText((l.data ?? {}) as object, names);
  const text = l.text ?? '';
  const seatOf = (re: RegExp) => {
    const m = re.exec(text);
    return m ? Number(m[1]) : null;
  };
  switch (l.kind) {
    case 'played': {
      // A card given to a Boule de cristal, as the others see it.
      const hidden = seatOf(/^Seat (\d+) lays a card face down$/);
      if (hidden !== null) return t('bal_ev_face_down', { name: seatName(names, hidden) });
      const m = /^Seat (\d+): (.+)$/.exec(text);
      if (!m) return null;
      const name = seatName(names, Number(m[1]));
      const a = parseAction(m[2]);
      if (!a) return null;
      const spell = (s: string | null) => (s ? spellsName(s) : '');
      switch (a.type) {
        case 'attack': {
          const p = potions(a.count, a.colour);
          if (a.target === 'all') return t(a.spell?.endsWith('+ tresor') ? 'bal_ev_attack_all_tresor' : 'bal_ev_attack_all', { name, potions: p });
          const target = seatName(names, a.target);
          return a.spell ? t('bal_ev_attack_spell', { name, target, potions: p, spell: spell(a.spell) }) : t('bal_ev_attack', { name, target, potions: p });
        }
        case 'parry':
          if (a.abracadabra) return t('bal_ev_parry_abracadabra', { name });
          return a.spell ? t('bal_ev_parry_spell', { name, spell: spell(a.spell) }) : t('bal_ev_parry', { name });
        case 'balai':
          return t('bal_ev_balai', { name, target: seatName(names, a.target) });
        case 'baguette':
          return t('bal_ev_baguette', { name });
        case 'take':
          return t('bal_ev_take', { name });
        case 'lutin':
          return t(a.tresor ? 'bal_ev_lutin_tresor' : 'bal_ev_lutin', { name });
        case 'lose':
          return a.target === Number(m[1]) ? t('bal_ev_lose_own', { name }) : t('bal_ev_lose', { name, owner: seatName(names, a.target) });
        case 'discard':
          return t('bal_ev_discard', { name, card: kindName(a.kind) });
        case 'nananere':
          return t('bal_ev_nananere_card', { name });
        case 'boule':
          return t('bal_ev_boule_card', { name });
        case 'miroir':
          return t('bal_ev_miroir_card', { name, target: seatName(names, a.target) });
        case 'give':
          return t('bal_ev_give', { name, card: kindName(a.kind) });
        case 'pass':
          return t('bal_ev_pass', { name });
        case 'keep':
          return t('bal_ev_keep', { name });
        case 'throw':
          return t('bal_ev_throw', { name, card: kindName(a.kind) });
        case 'drop':
          return t('bal_ev_drop', { name, card: kindName(a.kind) });
      }
      return null;
    }
    case 'card-won': {
      const parried = seatOf(/^Seat (\d+) parries and wins a card\.$/);
      if (parried !== null) return t('bal_ev_card_won_parry', { name: seatName(names, parried) });
      const s = seatOf(/^Seat (\d+) wins a card: the attack succeeds\.$/);
      return s === null ? null : t('bal_ev_card_won_attack', { name: seatName(names, s) });
    }
    case 'crapzouille-lost': {
      const own = /^Seat (\d+) loses a Crapzouille; (\d+) left\.$/.exec(text);
      if (own) return t('bal_ev_crapzouille_lost', { name: seatName(names, Number(own[1])), left: Number(own[2]) });
      const m = /^Seat (\d+) loses a captive Crapzouille, back dead to seat (\d+); (\d+) left\.$/.exec(text);
      return m ? t('bal_ev_captive_lost', { name: seatName(names, Number(m[1])), owner: seatName(names, Number(m[2])), left: Number(m[3]) }) : null;
    }
    case 'captured': {
      const m = /^Seat (\d+) captures a Crapzouille (?:of seat (\d+) )?from seat (\d+)\.$/.exec(text);
      if (!m) return null;
      const name = seatName(names, Number(m[1]));
      const victim = seatName(names, Number(m[3]));
      return m[2] === undefined ? t('bal_ev_captured', { name, victim }) : t('bal_ev_captured_captive', { name, victim, owner: seatName(names, Number(m[2])) });
    }
    case 'eliminated': {
      const s = seatOf(/^Seat (\d+) has lost her last Crapzouille/);
      return s === null ? null : t('bal_ev_eliminated', { name: seatName(names, s) });
    }
    case 'farce': {
      const s = seatOf(/^Seat (\d+) draws two farce tokens/);
      if (s === null) return null;
      return t(text.includes('both white') ? 'bal_ev_farce_fails' : 'bal_ev_farce', { name: seatName(names, s) });
    }
    case 'window-pass': {
      const s = seatOf(/^Seat (\d+) lets the reaction window pass\.$/);
      return s === null ? null : t('bal_ev_window_pass', { name: seatName(names, s) });
    }
    case 'window-answer': {
      const s = seatOf(/^Seat (\d+) answers the reaction window: .+ \(when it closes\)\.$/);
      return s === null ? null : t('bal_ev_window_answer', { name: seatName(names, s) });
    }
    case 'window-answer-void': {
      const s = seatOf(/^Seat (\d+) answered before you in the order: your card stays in your hand\.$/);
      return s === null ? null : t('bal_ev_window_answer_void', { name: seatName(names, s) });
    }
    case 'window-closed': {
      // Told only when someone answered (the server writes nothing for a window nobody took).
      const s = seatOf(/^The reaction window closes: seat (\d+) answers\.$/);
      return s === null ? t('bal_ev_window_closed') : t('bal_ev_window_closed_by', { name: seatName(names, s) });
    }
    case 'nananere': {
      const m = /^Seat (\d+) plays .+ and attacks in seat (\d+)'s place\.$/.exec(text);
      return m ? t('bal_ev_nananere', { name: seatName(names, Number(m[1])), other: seatName(names, Number(m[2])) }) : null;
    }
    case 'miroir': {
      const m = /^Seat (\d+) plays Mon beau miroir: the attack will be doubled on seat (\d+)\.$/.exec(text);
      return m ? t('bal_ev_miroir', { name: seatName(names, Number(m[1])), target: seatName(names, Number(m[2])) }) : null;
    }
    case 'doubled': {
      const s = seatOf(/^The doubled attack of Mon beau miroir falls on seat (\d+)\.$/);
      return s === null ? null : t('bal_ev_doubled', { name: seatName(names, s) });
    }
    case 'boule': {
      const s = seatOf(/^Seat (\d+) plays Boule de cristal/);
      return s === null ? null : t('bal_ev_boule', { name: seatName(names, s) });
    }
    case 'boule-done':
      return t('bal_ev_boule_done');
    case 'mispronounced': {
      const s = seatOf(/^Seat (\d+) mispronounces a formula/);
      return s === null ? null : t('bal_ev_mispronounced', { name: seatName(names, s) });
    }
    case 'restock': {
      const s = seatOf(/^Seat (\d+) has thrown two spells and draws two cards\.$/);
      return s === null ? null : t('bal_ev_restock', { name: seatName(names, s) });
    }
    case 'tour':
      return t('bal_ev_tour');
    case 'grand-sabbat': {
      const m = /^Round (\d+): Grand Sabbat; Seat (\d+) holds/.exec(text);
      return m ? t('bal_ev_grand_sabbat', { round: Number(m[1]), name: seatName(names, Number(m[2])) }) : null;
    }
  }
  return null;
}
