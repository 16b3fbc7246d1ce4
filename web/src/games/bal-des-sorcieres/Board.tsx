// Le Bal des Sorcières at the table, from the seat's view alone (src/games/bal-des-sorcieres/
// view.cpp): who is to play and what, the round and the Tour de Table, Carabosse and the Chat
// Noir, the attack on the table, your moves, your hand by kind, and every witch with her
// Crapzouilles. Every button sends one text of the server's legal list: the attack is composed
// from its parts (potions, spell, witch) and the button holds the legal text they make.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { lang, t, type Key } from '../../i18n/i18n';
import { timeLeft, type Session } from '../../protocol/session';
import { useTick } from '../../table/useSession';
import { seatNo } from '../../table/seats';
import { Why } from '../../table/aid';
import { balMoment, balWhy, clockShown, windowSeconds } from './explain';
import { ForcedNote, ForcedToggle } from '../forced';
import type { BoardProps } from '../registry';
import { attackOptions, attackText, choose, formulasOf, parseAction, spokenMoves, type AttackChoice } from './actions';
import { LetPass, useLetPass } from './LetPass';
import { cardsLine, colourWord, COLOUR_COUNTS, formulaMeaning, frenchBeside, groupByKind, ingredientName, isColour, kindName, potions, seatLabel, SPELL_ORDER, SPELLS, spellEffect, spellName, spellsEffect, spellsName, witchName, type BalCard } from './data';

interface Witch {
  seat: number;
  witch: string;
  hand_size: number;
  known: BalCard[];
  crapzouilles: number;
  coffre_by_owner: number[];
  dead: number;
  eliminated: boolean;
  hand?: BalCard[];
}

const NONE: AttackChoice = { potions: null, spell: '', target: null };

// Sends a move; `label` is what its button said, for the incantation form.
type Act = (action: string, label?: string) => boolean;

const who = seatLabel;

export function BalBoard({ session, act: send, actText, names, setting }: BoardProps) {
  const st = session.state!;
  const v = st.view;
  const offered = session.role === 'seat' ? st.legal : [];
  // In the incantation mode each move is shown once, and one that lays cards down asks for its
  // formulas first (the Incantation form); the server judges what was typed.
  const spoken = v.incantation ? spokenMoves(offered) : null;
  const legal = spoken ? spoken.moves : offered;
  const [reading, setReading] = useState<{ seq: number; move: string; label: string } | null>(null);
  const read = reading && reading.seq === st.seq && legal.includes(reading.move) ? reading : null;
  const act: Act = (a, label) => {
    if (!spoken?.readings.has(a)) return send(a);
    setReading({ seq: st.seq, move: a, label: label ?? a });
    return true;
  };
  const me = session.role === 'seat' ? session.seat : null;
  const witches: Witch[] = v.witches ?? [];
  const busy = session.pending !== null;
  // An attack being composed belongs to one turn of Carabosse.
  const moment = `${v.round}/${v.tour}/${v.carabosse}/${v.phase}`;
  const [draft, setDraft] = useState<{ moment: string; c: AttackChoice }>({ moment, c: NONE });
  const choice = draft.moment === moment ? draft.c : NONE;
  const setChoice = (c: AttackChoice) => setDraft({ moment, c });
  const mine = me !== null ? witches[me] : undefined;
  const over = v.phase === 'over';
  const hand = mine?.hand && !over ? mine.hand : null;
  // A reaction window is on the server's clock: its time left, counted from the later of the tick
  // and the state just received. A turn's least time is not shown (clockShown).
  const clock = !!st.deadline && clockShown(v);
  const now = useTick(clock);
  const left = clock ? timeLeft(session, Math.max(now, session.stateAt)) : null;
  const layout = `${legal.length ? 'm' : ''}${over ? '' : 'a'}${hand ? 'h' : ''}`;
  const [letPass, setLetPass] = useLetPass(session, send);
  return (
    <div class="bal" data-phase={v.phase} data-seq={st.seq}>
      <Banner view={v} me={me} legal={legal} names={names} left={left} />
      <StatusLine view={v} names={names} />
      <ForcedNote log={session.log} me={me} names={names} />
      <Moment lines={balMoment(v, session.log, names)} />
      <div class={`bal-main layout-${layout || 'w'}`}>
        <Attack view={v} names={names} me={me} why={balWhy(session.log, names)} />
        {legal.length > 0 &&
          (read ? (
            <Incantation key={`${read.seq} ${read.move}`} move={read.move} label={read.label} readings={spoken!.readings.get(read.move)!} busy={busy} say={(text) => actText(`${read.move} : ${text}`)} back={() => setReading(null)} />
          ) : (
            <Moves view={v} legal={legal} names={names} witches={witches} me={me} choice={choice} setChoice={setChoice} busy={busy} act={act} letPass={<LetPass on={letPass} set={setLetPass} />} />
          ))}
        {hand && <Hand hand={hand} legal={legal} busy={busy} act={act} formulas={!!v.incantation} />}
        <Witches view={v} witches={witches} names={names} me={me} actors={st.actors} />
      </div>
      {/* Once on, no window asks her: here she may change her mind. */}
      {me !== null && !over && letPass && <LetPass on={letPass} set={setLetPass} />}
      {me !== null && !over && <ForcedToggle mode={v.forced} setting={setting} />}
      <details class="bal-spells panel">
        <summary>{t('bal_spells_title')}</summary>
        <dl>
          {SPELL_ORDER.map((s) => (
            <>
              <dt>
                {spellName(s)}
                <FrenchName name={SPELLS[s]} shown={spellName(s)} />
              </dt>
              <dd>{spellEffect(s)}</dd>
            </>
          ))}
        </dl>
      </details>
    </div>
  );
}

// The card's French name beside the English one ("Crystal Ball (Boule de cristal)"), for a
// player who knows the box; nothing on the French page, nor where the two are alike.
function FrenchName({ name, shown }: { name: string; shown: string }) {
  const fr = frenchBeside(name);
  return fr && fr !== shown ? (
    <span class="bal-fr-name" lang="fr">
      {' '}({fr})
    </span>
  ) : null;
}

// Who does what now.
function Banner({ view: v, me, legal, names, left }: { view: any; me: number | null; legal: string[]; names: string[]; left: number | null }) {
  const waiting: number[] = v.waiting_for ?? [];
  const yours = me !== null && waiting.includes(me) && legal.length > 0;
  const other = waiting.length ? who(names, waiting[0]) : '';
  const farce = (v.farce_tokens ?? []).length > 0;
  let title: string;
  switch (v.phase) {
    case 'attack':
      if (!yours) title = t('bal_other_attacks', { name: other });
      else if (legal.includes('lutin')) title = t('bal_you_lutin');
      else if (legal.includes('pass')) title = t('bal_you_pass');
      else title = t('bal_you_attack');
      break;
    case 'parry':
      title = yours ? t(farce ? 'bal_you_parry_farce' : 'bal_you_parry') : t('bal_other_parries', { name: other });
      break;
    case 'remake':
      title = yours ? t('bal_you_remake') : t('bal_other_remake', { name: other });
      break;
    case 'inherit':
      title = yours ? t('bal_you_inherit') : t('bal_other_inherit', { name: other });
      break;
    case 'restock':
      title = yours ? t('bal_you_restock') : t('bal_other_restock', { name: other });
      break;
    case 'lose':
      title = yours ? t('bal_you_lose') : t('bal_other_lose', { name: other });
      break;
    case 'window':
      // Asks only a witch who holds a card she may play in it; nobody is told who else is asked.
      if (yours) title = t('bal_you_window');
      else if (v.window?.asked && v.window?.answer != null) title = t('bal_window_answered');
      else title = t('bal_other_window', { s: windowSeconds(v.window ?? {}) });
      break;
    case 'boule':
      title = yours ? t('bal_you_boule') : t('bal_other_boule', { name: other });
      break;
    case 'over':
      title = typeof v.winner === 'number' ? (v.winner === me ? t('bal_over_you') : t('bal_over_win', { name: who(names, v.winner) })) : t('bal_over');
      break;
    default:
      title = String(v.phase);
  }
  return (
    <div class={`bal-banner${yours ? ' yours' : ''}${v.phase === 'over' ? ' over' : ''}`}>
      <CarabosseSign />
      <strong class="bal-title" role="status">
        {title}
      </strong>
      {left !== null && (
        <span class={left < 5000 ? 'countdown urgent' : 'countdown'} aria-label={t('seconds_left', { n: Math.ceil(left / 1000) })}>
          {Math.ceil(left / 1000)} s
        </span>
      )}
    </div>
  );
}

function StatusLine({ view: v, names }: { view: any; names: string[] }) {
  const discard: BalCard[] = v.discard ?? [];
  const top = discard[discard.length - 1];
  return (
    <p class="status-line bal-status">
      <span>{t('bal_round_tour', { round: v.round, tour: v.tour })}</span>
      <span class="bal-level">{t(`bal_level_${v.level}` as Key)}</span>
      {v.phase !== 'over' && <span class="bal-holder">{t('bal_carabosse_is', { name: who(names, v.carabosse) })}</span>}
      {v.phase !== 'over' && <span class="bal-holder">{t('bal_chat_noir_is', { name: who(names, v.first_player) })}</span>}
      <span class="bal-pile">{t('bal_pile', { n: v.pile })}</span>
      <span class="bal-discard">
        {t('bal_discard', { n: discard.length })}
        {top && (
          <>
            {' · '}
            {t('bal_discard_top')} 
            <CardChip card={top} />
          </>
        )}
      </span>
    </p>
  );
}

// A small potion bottle in its colour; the word always beside it.
function Bottle({ colour }: { colour: string }) {
  return (
    <svg class={`bal-bottle c-${colour}`} viewBox="0 0 16 20" aria-hidden="true">
      <path class="glass" d="M6 1h4v5l4 5v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6l4-5z" />
      <path class="brew" d="M3 12h10v5a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z" />
    </svg>
  );
}

function CarabosseSign() {
  return (
    <svg class="bal-sign" viewBox="0 0 40 40" aria-hidden="true">
      <path class="hat" d="M6 32 L20 4 L26 18 L34 32 Z" />
      <rect class="brim" x="2" y="31" width="36" height="4" rx="2" />
      <rect class="band" x="11" y="24" width="18" height="4" />
    </svg>
  );
}

// A card as a chip: a potion by its colour word (its ingredient in the tooltip), a spell by
// its name.
function CardChip({ card, count }: { card: { kind: string; name?: string }; count?: number }) {
  const potion = isColour(card.kind);
  return (
    <span class={`bal-chip ${potion ? `potion c-${card.kind}` : card.kind === 'blanc' ? 'potion c-blanc' : 'spell'}`} title={potion ? (card.name ? ingredientName(card.name) : undefined) : spellEffect(card.kind)}>
      {(potion || card.kind === 'blanc') && <Bottle colour={card.kind} />}
      {count !== undefined && count > 1 && <span class="bal-count">{count} ×</span>}
      {kindName(card.kind)}
    </span>
  );
}

// The potions to answer: the attack's potions, or the farce's coloured tokens.
function toParry(v: any): Map<string, number> {
  const need = new Map<string, number>();
  const tokens: string[] = v.farce_tokens ?? [];
  const colours = tokens.length ? tokens.filter((x) => x !== 'blanc') : (v.attack?.cards ?? []).map((c: BalCard) => c.kind).filter(isColour);
  for (const c of colours) need.set(c, (need.get(c) ?? 0) + 1);
  return need;
}

function needText(need: Map<string, number>): string {
  return [...need.entries()].map(([c, n]) => potions(n, c)).join(', ');
}

// The rule at work now, in a few plain words (explain.ts): a reaction window, the start of a
// Tour de Table, a Grand Sabbat, the Chat Noir turning.
function Moment({ lines }: { lines: string[] }) {
  if (!lines.length) return null;
  return (
    <div class="bal-moment" role="note" aria-label={t('bal_hint_title')}>
      {lines.map((l) => (
        <p>{l}</p>
      ))}
    </div>
  );
}

function Attack({ view: v, names, me, why }: { view: any; names: string[]; me: number | null; why: string[] }) {
  const a = v.attack;
  if (!a) {
    if (v.phase === 'over') return null;
    // Between two attacks: why the last one ended as it did (the first-game aid).
    return (
      <section class="bal-attack panel quiet" aria-labelledby="bal-attack-title">
        <h3 id="bal-attack-title">{t('bal_on_table')}</h3>
        <p class="small">{t('bal_no_attack')}</p>
        {why.length > 0 && (
          <Why>
            {why.map((w) => (
              <span class="bal-why-line">{w}</span>
            ))}
          </Why>
        )}
      </section>
    );
  }
  const tokens: string[] = v.farce_tokens ?? [];
  const name = (s: number) => (s === me ? `${who(names, s)} (${t('you')})` : who(names, s));
  const need = toParry(v);
  const still: number[] = a.still_to_parry ?? [];
  return (
    <section class="bal-attack panel" aria-labelledby="bal-attack-title">
      <h3 id="bal-attack-title">{t('bal_on_table')}</h3>
      {tokens.length > 0 ? (
        <p class="bal-duel">{a.attacker === a.defender ? t('bal_farce_self', { defender: name(a.defender) }) : t('bal_farce_on', { defender: name(a.defender), name: name(a.attacker) })}</p>
      ) : (
        <p class="bal-duel">
          <span class="sr-only">{t('bal_attack_of', { attacker: name(a.attacker), defender: name(a.defender) })}</span>
          <span aria-hidden="true">
            <span class={`token seat-${a.attacker}`}>{seatNo(a.attacker)}</span> <strong>{name(a.attacker)}</strong> <span class="bal-arrow">→</span> <span class={`token seat-${a.defender}`}>{seatNo(a.defender)}</span> <strong>{name(a.defender)}</strong>
          </span>
        </p>
      )}
      {a.sender !== a.attacker && a.sender >= 0 && tokens.length === 0 && <p class="small">{t('bal_sent_by', { name: name(a.sender) })}</p>}
      {a.cards.length > 0 && (
        <div class="bal-row">
          <span class="bal-label">{t('bal_attack_cards')}</span>
          {groupByKind(a.cards).map((g) => (
            <CardChip card={g.cards[0]} count={g.cards.length} />
          ))}
        </div>
      )}
      {tokens.length > 0 && (
        <div class="bal-row">
          <span class="bal-label">{t('bal_farce_tokens')}</span>
          {tokens.map((x) => (
            <CardChip card={{ kind: x }} />
          ))}
        </div>
      )}
      <p class="bal-need">{need.size ? t('bal_to_parry', { potions: needText(need) }) : t('bal_to_parry_none')}</p>
      {still.length > 0 && <p class="small">{t('bal_still_to_parry', { names: still.map(name).join(', ') })}</p>}
    </section>
  );
}

function Moves(props: { view: any; legal: string[]; names: string[]; witches: Witch[]; me: number | null; choice: AttackChoice; setChoice: (c: AttackChoice) => void; busy: boolean; act: Act; letPass?: ComponentChildren }) {
  const { view: v, legal, names, witches, me, choice, setChoice, busy, act, letPass } = props;
  const parsed = legal.map((a) => ({ a, p: parseAction(a) }));
  const known = new Set<string>();
  const button = (a: string, label: string, extra = '') => {
    known.add(a);
    return (
      <button type="button" class={`move ${extra}`} data-action={a} disabled={busy} onClick={() => act(a, label)}>
        {label}
      </button>
    );
  };
  const attacks = parsed.filter((x) => x.p?.type === 'attack').map((x) => x.a);
  attacks.forEach((a) => known.add(a));
  // Throw, drop, discard and give are on the hand's cards.
  parsed.filter((x) => x.p?.type === 'throw' || x.p?.type === 'drop' || x.p?.type === 'discard' || x.p?.type === 'give').forEach((x) => known.add(x.a));
  const losses = parsed.filter((x) => x.p?.type === 'lose');
  const need = toParry(v);
  const needWords = needText(need);
  const spellOf = (s: string | null) => (s ? spellsName(s) : '');
  const parries = parsed.filter((x) => x.p?.type === 'parry');
  const balais = parsed.filter((x) => x.p?.type === 'balai');
  const content = (
    <>
      {attacks.length > 0 && <AttackComposer legal={attacks} names={names} witches={witches} choice={choice} setChoice={setChoice} busy={busy} act={act} />}
      {legal.includes('lutin') && (
        <p>
          {button('lutin', t('bal_lutin'), 'primary big')}
          <span class="small bal-help"> {spellEffect('lutin')}</span>
        </p>
      )}
      {legal.includes('lutin + tresor') && (
        <p>
          {button('lutin + tresor', t('bal_lutin_tresor'), 'big')}
          <span class="small bal-help"> {spellEffect('tresor')}</span>
        </p>
      )}
      {v.phase === 'restock' && <p class="small">{t('bal_restock_help', { n: 2 - (v.restock?.thrown ?? 0) })}</p>}
      {losses.length > 0 && (
        <div class="bal-parries">
          {losses.map(({ a, p }) => {
            const owner = (p as { target: number }).target;
            return button(a, owner === me ? t('bal_lose_own') : t('bal_lose_captive', { name: who(names, owner) }), owner === me ? 'primary' : '');
          })}
        </div>
      )}
      {v.phase === 'window' && (
        <div class="bal-parries">
          {legal.includes('nananere') && button('nananere', t('bal_nananere'), 'primary')}
          {legal.includes('boule') && button('boule', t('bal_boule'), 'primary')}
          {parsed
            .filter((x) => x.p?.type === 'miroir')
            .map(({ a, p }) => button(a, t('bal_miroir', { name: who(names, (p as { target: number }).target) }), 'primary'))}
          {legal.includes('pass') && button('pass', t('bal_window_pass'))}
        </div>
      )}
      {v.phase === 'window' && legal.includes('pass') && letPass}
      {v.phase !== 'window' && legal.includes('pass') && <p>{button('pass', t('bal_pass'), 'primary')}</p>}
      {v.phase === 'parry' && (
        <div class="bal-parries">
          {parries.map(({ a, p }) => {
            const q = p as { spell: string | null; abracadabra: boolean };
            if (q.abracadabra) return button(a, t('bal_parry_abracadabra'), 'primary');
            if (!needWords) return button(a, q.spell ? `${t('bal_parry_farce_none')} + ${spellOf(q.spell)}` : t('bal_parry_farce_none'), 'primary');
            return button(a, q.spell ? t('bal_parry_spell', { potions: needWords, spell: spellOf(q.spell) }) : t('bal_parry', { potions: needWords }), q.spell ? '' : 'primary');
          })}
          {legal.includes('baguette') && button('baguette', t('bal_baguette'))}
          {balais.map(({ a, p }) => button(a, t('bal_balai', { name: who(names, (p as { target: number }).target) })))}
          {legal.includes('take') && button('take', t('bal_take'), 'bal-take')}
        </div>
      )}
      {v.phase === 'parry' && parries.length === 0 && <p class="small">{t('bal_cannot_parry')}</p>}
      {v.phase === 'parry' && <p class="small">{t('bal_take_help')}</p>}
      {legal.includes('keep') && <p>{button('keep', t('bal_keep'), 'primary')}</p>}
    </>
  );
  const others = legal.filter((a) => !known.has(a));
  return (
    <section class="bal-moves panel" aria-labelledby="bal-moves-title">
      <h3 id="bal-moves-title">{t('bal_your_move')}</h3>
      {content}
      {others.length > 0 && (
        <div class="bal-others">
          <span class="bal-label">{t('bal_other_moves')}</span>
          {others.map((a) => (
            <button type="button" class="move" data-action={a} disabled={busy} onClick={() => act(a, a)}>
              {a}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

// The attack in three choices; the button sends the legal text they make.
function AttackComposer({ legal, names, witches, choice, setChoice, busy, act }: { legal: string[]; names: string[]; witches: Witch[]; choice: AttackChoice; setChoice: (c: AttackChoice) => void; busy: boolean; act: Act }) {
  const opts = attackOptions(legal);
  const pick = (part: keyof AttackChoice, value: string) => setChoice(choose(legal, choice, part, value));
  const text = attackText(choice);
  const ready = text !== null && legal.includes(text);
  const target = choice.target === null ? '' : choice.target === 'all' ? t('bal_all_witches') : who(names, Number(choice.target));
  const p = choice.potions ? choice.potions.split(' ') : null;
  const potionWords = p ? potions(Number(p[0]), p[1]) : '';
  const go = ready ? (choice.spell ? t('bal_attack_go_spell', { name: target, potions: potionWords, spell: spellsName(choice.spell) }) : t('bal_attack_go', { name: target, potions: potionWords })) : t('bal_attack_incomplete');
  const option = (part: keyof AttackChoice, value: string, body: preact.ComponentChildren, cls = '') => (
    <button type="button" class={`bal-option ${cls}`} aria-pressed={choice[part] === value} data-part={part} data-value={value} disabled={busy} onClick={() => pick(part, value)}>
      {body}
    </button>
  );
  return (
    <div class="bal-composer">
      <fieldset>
        <legend>{t('bal_step_potions')}</legend>
        <div class="bal-options">
          {opts.potions.map((x) => option('potions', x.value, <><Bottle colour={x.colour} /> {potions(x.count, x.colour)}</>, `potion c-${x.colour}`))}
        </div>
      </fieldset>
      {opts.spells.length > 1 && (
        <fieldset>
          <legend>{t('bal_step_spell')}</legend>
          <div class="bal-options">
            {opts.spells.map((s) =>
              option(
                'spell',
                s,
                s ? (
                  <span class="bal-spell-option">
                    <strong>{spellsName(s)}</strong>
                    <small>{spellsEffect(s)}</small>
                  </span>
                ) : (
                  t('bal_spell_none')
                ),
              ),
            )}
          </div>
        </fieldset>
      )}
      <fieldset>
        <legend>{t('bal_step_target')}</legend>
        <div class="bal-options">
          {opts.targets.map((x) => {
            if (x === 'all') return option('target', x, t('bal_all_witches'));
            const w = witches[Number(x)];
            return option(
              'target',
              x,
              <span class="bal-target-option">
                <span class={`token seat-${x}`} aria-hidden="true">
                  {seatNo(Number(x))}
                </span>{' '}
                <strong>{who(names, Number(x))}</strong>
                {w && <small>{`${t('bal_alive', { n: w.crapzouilles })} · ${t(w.hand_size === 1 ? 'bal_hand_size_one' : 'bal_hand_size_n', { n: w.hand_size })}`}</small>}
              </span>,
            );
          })}
        </div>
      </fieldset>
      <button type="button" class="move primary big bal-go" data-action={ready ? text! : undefined} disabled={busy || !ready} onClick={() => ready && act(text!, go)}>
        {go}
      </button>
    </div>
  );
}

// The incantation mode: the move chosen, the formulas of the cards it may lay down as printed,
// and a field to type them; the server reads them, and a slip cancels the move.
function Incantation({ move, label, readings, busy, say, back }: { move: string; label: string; readings: string[][]; busy: boolean; say: (text: string) => boolean; back: () => void }) {
  const [text, setText] = useState('');
  const { count, formulas } = formulasOf(readings);
  const submit = (e: Event) => {
    e.preventDefault();
    if (text.trim()) say(text.trim());
  };
  return (
    <section class="bal-moves panel bal-incantation" aria-labelledby="bal-read-title" data-move={move}>
      <h3 id="bal-read-title">{t('bal_read_title')}</h3>
      <p class="bal-read-move">
        <strong>{label}</strong>
      </p>
      <p>{t(count === 1 ? 'bal_read_one' : 'bal_read_n', { n: count })}</p>
      <div class="bal-row">
        <span class="bal-label">{t('bal_read_cards')}</span>
        {formulas.map((f) => (
          <span class="bal-formula" lang="fr" title={formulaMeaning(f) ?? undefined}>
            {f}
          </span>
        ))}
      </div>
      <form class="bal-read-form" onSubmit={submit}>
        <label for="bal-read-input">{t('bal_read_label')}</label>
        <input id="bal-read-input" type="text" lang="fr" autocomplete="off" spellcheck={false} autoFocus value={text} disabled={busy} placeholder={t('bal_read_placeholder')} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
        <p class="small">{t('bal_read_help')}</p>
        <div class="bal-read-buttons">
          <button type="submit" class="move primary big" disabled={busy || text.trim() === ''}>
            {t('bal_read_go')}
          </button>
          <button type="button" class="move" disabled={busy} onClick={back}>
            {t('bal_read_back')}
          </button>
        </div>
      </form>
    </section>
  );
}

// A colour's ingredients, each once with its count: "2 × Piment de sorcière · Crotte de hibou".
function ingredients(cards: BalCard[]): string {
  const counts = new Map<string, number>();
  for (const c of cards) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${n} × ${name}` : name)).join(' · ');
}

// Your hand by kind: potions by colour (rarest first), then spells with what they do. In a
// Tour de magie, an inheritance or a restock, each kind has its button to throw, drop or discard
// one.
function Hand({ hand, legal, busy, act, formulas }: { hand: BalCard[]; legal: string[]; busy: boolean; act: Act; formulas: boolean }) {
  const groups = groupByKind(hand);
  const potionGroups = groups.filter((g) => isColour(g.kind));
  const spellGroups = groups.filter((g) => !isColour(g.kind));
  const extra = (kind: string) => {
    const verb = (['throw', 'drop', 'discard', 'give'] as const).find((x) => legal.includes(`${x} ${kind}`));
    if (!verb) return null;
    const a = `${verb} ${kind}`;
    const key = verb === 'discard' ? 'bal_spell_discard' : `bal_${verb}`;
    const label = t(key as Key);
    const long = t(`${key}_long` as Key, { card: kindName(kind) });
    return (
      <button type="button" class="move bal-card-move" data-action={a} disabled={busy} aria-label={long} onClick={() => act(a)}>
        {label}
      </button>
    );
  };
  return (
    <section class="bal-hand panel" aria-labelledby="bal-hand-title">
      <h3 id="bal-hand-title">{t('bal_your_hand', { n: hand.length })}</h3>
      <h4>{t('bal_potions_title')}</h4>
      {potionGroups.length === 0 ? (
        <p class="small">{t('bal_no_potion')}</p>
      ) : (
        <ul class="bal-potions">
          {potionGroups.map((g) => (
            <li class={`bal-card potion c-${g.kind}`} title={g.cards.map((c) => ingredientName(c.name)).join(', ')}>
              <Bottle colour={g.kind} />
              <span class="bal-card-text">
                <strong class="bal-card-name">
                  {g.cards.length} × {colourWord(g.kind)}
                </strong>
                {formulas ? (
                  <small class="bal-formulas" lang="fr">
                    {ingredients(g.cards)}
                  </small>
                ) : (
                  <small>{t('bal_in_box', { n: COLOUR_COUNTS[g.kind as keyof typeof COLOUR_COUNTS] })}</small>
                )}
              </span>
              {extra(g.kind)}
            </li>
          ))}
        </ul>
      )}
      <h4>{t('bal_spells_title')}</h4>
      {spellGroups.length === 0 ? (
        <p class="small">{t('bal_no_spell')}</p>
      ) : (
        <ul class="bal-spell-cards">
          {spellGroups.map((g) => (
            <li class="bal-card spell">
              <span class="bal-card-text">
                <strong class="bal-card-name">
                  {g.cards.length > 1 ? `${g.cards.length} × ` : ''}
                  {kindName(g.kind)}
                </strong>
                <small>{spellEffect(g.kind)}</small>
              </span>
              {extra(g.kind)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// Her Crapzouilles as marks: her own alive, captives she holds, her dead, hers held elsewhere.
function Frogs({ w, witches, names }: { w: Witch; witches: Witch[]; names: string[] }) {
  const own = w.coffre_by_owner[w.seat] ?? 0;
  const captives = w.coffre_by_owner.map((n, o) => ({ n, o })).filter((x) => x.o !== w.seat && x.n > 0);
  const away = witches.filter((x) => x.seat !== w.seat && (x.coffre_by_owner[w.seat] ?? 0) > 0).map((x) => ({ n: x.coffre_by_owner[w.seat], o: x.seat }));
  const marks: preact.ComponentChildren[] = [];
  for (let i = 0; i < own; ++i) marks.push(<span class="frog alive" />);
  for (const c of captives) for (let i = 0; i < c.n; ++i) marks.push(<span class={`frog captive seat-ring-${c.o}`} />);
  for (let i = 0; i < w.dead; ++i) marks.push(<span class="frog dead" />);
  for (const c of away) for (let i = 0; i < c.n; ++i) marks.push(<span class="frog away" />);
  const words = [t('bal_alive', { n: w.crapzouilles })];
  for (const c of captives) words.push(t('bal_captive', { n: c.n, name: who(names, c.o) }));
  if (w.dead) words.push(t('bal_dead', { n: w.dead }));
  for (const c of away) words.push(t('bal_held_by', { n: c.n, name: who(names, c.o) }));
  return (
    <div class="bal-frogs">
      <span class="frog-row" aria-hidden="true">
        {marks}
      </span>
      <span class="bal-frog-words">{t('bal_frogs_line', { list: words.join(' · ') })}</span>
    </div>
  );
}

function Witches({ view: v, witches, names, me, actors }: { view: any; witches: Witch[]; names: string[]; me: number | null; actors: number[] }) {
  return (
    <section class="bal-witches panel" aria-labelledby="bal-witches-title">
      <h3 id="bal-witches-title">{t('bal_witches')}</h3>
      <ul>
        {witches.map((w) => {
          const roles: string[] = [];
          if (v.phase !== 'over') {
            if (w.seat === v.carabosse) roles.push(t('bal_role_carabosse'));
            if (w.seat === v.first_player) roles.push(t('bal_role_chat_noir'));
            if (actors.includes(w.seat)) roles.push(t('bal_role_acting'));
          } else if (w.seat === v.winner) roles.push(t('bal_role_winner'));
          return (
            <li class={`bal-witch${actors.includes(w.seat) && v.phase !== 'over' ? ' acting' : ''}${w.seat === me ? ' me' : ''}${w.eliminated ? ' out' : ''}`} data-seat={w.seat}>
              <div class="bal-witch-head">
                <span class={`token seat-${w.seat}`} aria-hidden="true">
                  {seatNo(w.seat)}
                </span>{' '}
                <strong>{names[w.seat] ?? t('seat_n', { n: w.seat + 1 })}</strong>
                {w.seat === me && <em> ({t('you')})</em>}
                {roles.map((r) => (
                  <span class={`bal-role${r === t('bal_role_acting') ? ' acting' : ''}`}>{r}</span>
                ))}
              </div>
              <div class="small">{witchName(w.witch)}</div>
              {w.eliminated ? (
                <div class="bal-out">{t('bal_eliminated')}</div>
              ) : (
                <>
                  <div class="bal-hand-size">
                    <span class="bal-backs" aria-hidden="true">
                      {Array.from({ length: Math.min(w.hand_size, 12) }, () => (
                        <span class="back" />
                      ))}
                    </span>{' '}
                    {t(w.hand_size === 1 ? 'bal_hand_size_one' : 'bal_hand_size_n', { n: w.hand_size })}
                  </div>
                  <Frogs w={w} witches={witches} names={names} />
                  {w.seat !== me && w.known.length > 0 && <div class="bal-known">{t('bal_known', { cards: cardsLine(w.known) })}</div>}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// At the end: each witch, how many went out before her (her score), the winner's Crapzouilles.
export function BalBreakdown({ session, names }: { session: Session; names: string[] }) {
  const v = session.state!.view;
  const scores = session.result?.scores ?? [];
  const witches: Witch[] = v.witches ?? [];
  const order = [...witches].sort((a, b) => (scores[b.seat] ?? 0) - (scores[a.seat] ?? 0));
  return (
    <ul class="breakdown">
      {order.map((w) => {
        const n = scores[w.seat] ?? 0;
        const what = w.seat === v.winner ? t('bal_bd_winner', { n: w.crapzouilles, out: n }) : n === 0 ? t('bal_bd_out_first') : n === 1 ? t('bal_bd_out_one') : t('bal_bd_out', { n });
        return (
          <li>
            <strong>{names[w.seat] ?? t('seat_n', { n: w.seat + 1 })}</strong> ({witchName(w.witch)}){t('bal_colon')}{what} = <strong>{n === 1 || (n === 0 && lang() === 'fr') ? t('bal_point_one', { n }) : t('n_points', { n })}</strong>
          </li>
        );
      })}
    </ul>
  );
}
