// Baba Yaga at the table: a banner saying who does what now (with the server's countdown), your
// buttons, the forest, the spell in play and every player's spells. Everything is drawn from
// the seat's view; every button, click on a tile and key sends one of the server's legal
// actions (keys.ts), with the terminal's keys.
import { useEffect, useRef, useState } from 'preact/hooks';
import { lang, t } from '../../i18n/i18n';
import { timeLeft, type Session } from '../../protocol/session';
import { useTick } from '../../table/useSession';
import type { BoardProps } from '../registry';
import { EFFECTS, effectHelpKey, effectName, ENDS, frenchBeside, HINTS, ingredientName, ingredientShort, levelName } from './data';
import { FlightStrip, Forest, type Tile } from './Forest';
import { cellAction, keyAction, takesTile, type KeyPending, type KeyResult } from './keys';
import { actionLabel, seatLabel } from './labels';
import { BabaYagaFigure, HintIcon } from './signs';
import { Why } from '../../table/aid';
import { spellWhy } from './why';
import { ForcedNote, ForcedToggle } from '../forced';

const NOTHING: KeyPending = { column: null, first: null };

export function BabaYagaBoard({ session, act, names, setting }: BoardProps) {
  const st = session.state!;
  const v = st.view;
  const legal = session.role === 'seat' ? st.legal : [];
  const me: number | null = typeof v.viewer === 'number' && v.viewer >= 0 ? v.viewer : null;
  // What was typed belongs to one moment (a turn's phase); Baba Yaga's moves do not end it.
  const moment = `${v.turn}/${v.phase}`;
  // Kept in a ref too: two keys typed quicker than a render must see each other.
  const [typed, setTyped] = useState<{ moment: string; p: KeyPending }>({ moment, p: NOTHING });
  const typedNow = useRef(typed);
  const current = () => (typedNow.current.moment === moment ? typedNow.current.p : NOTHING);
  const pending = typed.moment === moment ? typed.p : NOTHING;
  const setPending = (p: KeyPending) => {
    typedNow.current = { moment, p };
    setTyped(typedNow.current);
  };
  const [help, setHelp] = useState(false);
  const busy = session.pending !== null;
  const now = useTick(!!st.deadline && v.phase !== 'over');
  // The tick may be older than the state just received: count from the later of the two.
  const left = timeLeft(session, Math.max(now, session.stateAt));

  const run = (r: KeyResult) => {
    switch (r.kind) {
      case 'act':
        if (act(r.action)) setPending(NOTHING);
        return;
      case 'column':
        return setPending({ ...current(), column: r.column });
      case 'first':
        return setPending({ column: null, first: r.cell });
      case 'clear':
        return setPending(NOTHING);
      case 'help':
        return setHelp(!help);
    }
  };
  const onCell = (cell: string) => run(cellAction(legal, cell, current().first));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const r = keyAction(e.key, legal, current());
      // Enter and Space on a button outside the board keep their usual meaning; inside it, a
      // key that plays wins (a mover's Space must move her wherever the focus was left).
      const button = el?.closest('button');
      if ((e.key === 'Enter' || e.key === ' ') && button && (!button.closest('.baba-yaga') || r.kind !== 'act')) return;
      if (r.kind === 'none') return;
      e.preventDefault();
      run(r);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  return (
    <div class={`baba-yaga${takesTile(legal) ? ' tiles' : ''}${v.card || v.effect_card ? '' : ' no-card'}`} data-phase={v.phase}>
      <Banner view={v} me={me} legal={legal} names={names} left={left} />
      <SpellWhy session={session} names={names} />
      <div class="by-main">
        {legal.length > 0 && <Actions view={v} legal={legal} names={names} pending={pending} busy={busy} act={act} setPending={setPending} />}
        <section class="by-board panel" aria-labelledby="by-forest-title">
          <h3 id="by-forest-title" class="sr-only">
            {t('by_forest')}
          </h3>
          <Handicap view={v} me={me} names={names} />
          <Forest view={v} legal={legal} pending={pending} names={names} busy={busy} onCell={onCell} onAct={(a) => act(a)} />
          <FlightStrip view={v} />
        </section>
        <SpellCard view={v} me={me} names={names} />
        <Players view={v} me={me} names={names} actors={st.actors} />
      </div>
      {/* Under the board: on a phone the forest must stay in view during the race. */}
      <ForcedNote log={session.log} me={me} names={names} />
      <p class="small keys-help">
        {t('by_keys_short')}{' '}
        <button type="button" class="by-help-toggle" aria-expanded={help} onClick={() => setHelp(!help)}>
          <kbd>?</kbd> {t('by_keys_all')}
        </button>
      </p>
      {help && <KeyList />}
      {session.role === 'seat' && v.phase !== 'over' && <ForcedToggle mode={v.forced} setting={setting} />}
      <details class="by-legend panel">
        <summary>{t('by_legend')}</summary>
        <ul>
          {HINTS.map((h) => (
            <li>
              <HintIcon sign={h.sign} />
              <span>
                {t('by_hint_means', {
                  hint: t(h.key as 'by_hint_claws'),
                  a: `${ingredientName(h.ingredients[0][0])} (${ingredientShort(...h.ingredients[0])})`,
                  b: `${ingredientName(h.ingredients[1][0])} (${ingredientShort(...h.ingredients[1])})`,
                })}
              </span>
            </li>
          ))}
        </ul>
        <p class="small">{t('by_legend_marks')}</p>
      </details>
      <details class="by-effects panel">
        <summary>{t('by_effects_title')}</summary>
        {/* The names' column at most 45% wide, however long a name: the rest is for what it does. */}
        <dl style={{ gridTemplateColumns: 'fit-content(45%) 1fr' }}>
          {EFFECTS.map((e) => (
            <>
              <dt>
                {effectName(e.id)}
                <FrenchName name={e.name} />
              </dt>
              <dd>{t(effectHelpKey(e.name) as 'by_effect_unknown')}</dd>
            </>
          ))}
        </dl>
      </details>
    </div>
  );
}

// The rule book's French name under the English one ("Blinding Light!", then "(Lumière
// aveuglante !)"), where a player who knows the box looks for it; nothing on the French page.
// On a line of its own, so that the names' column stays narrow on a phone.
function FrenchName({ name }: { name: string }) {
  const fr = frenchBeside(name);
  return fr ? (
    <span class="by-fr-name small" lang="fr" style={{ display: 'block', fontWeight: 'normal' }}>
      ({fr})
    </span>
  ) : null;
}

// The first-game aid: why the last spell was cast or failed, until the next race starts.
function SpellWhy({ session, names }: { session: Session; names: string[] }) {
  const why = spellWhy(session.log, names, session.state?.view?.need);
  return why ? <Why>{why}</Why> : null;
}

// Who does what now, and the server's clock for it.
function Banner({ view: v, me, legal, names, left }: { view: any; me: number | null; legal: string[]; names: string[]; left: number | null }) {
  const name = (s: number) => seatLabel(names, s);
  const mine = legal.length > 0;
  const f = v.flight;
  let title: string;
  switch (v.phase) {
    case 'study':
      title = mine ? t('by_study_you') : t('by_study_wait');
      break;
    case 'maison-start':
    case 'home-move':
      title = v.searcher === me ? t('by_maison_you') : t('by_maison_other', { name: name(v.searcher) });
      break;
    case 'place':
      title = v.placer === me ? t('by_place_you') : t('by_place_other', { name: name(v.placer) });
      break;
    case 'race':
      if (legal.some((a) => a.startsWith('move'))) title = v.two_players ? t('by_your_move_hands') : t('by_your_move');
      else if (v.searcher === me) title = legal.length ? t('by_search_you') : t('by_search_done');
      else title = t('by_race_other', { name: name(v.searcher), mover: name(f?.mover) });
      break;
    case 'effect':
      title = v.searcher === me ? t('by_effect_you', { effect: effectName(v.effect_card?.effect ?? '') }) : t('by_effect_other', { name: name(v.searcher), effect: effectName(v.effect_card?.effect ?? '') });
      break;
    case 'over':
      title = v.winner >= 0 ? (v.winner === me ? t('by_over_you') : t('by_over_win', { name: name(v.winner) })) : t('by_over_limit');
      break;
    default:
      title = v.phase;
  }
  const clock = left === null ? null : Math.ceil(left / 1000);
  const clockKey = v.phase === 'study' ? 'by_clock_study' : v.phase === 'place' ? 'by_clock_place' : v.phase === 'race' ? 'by_clock_move' : 'by_clock_choice';
  return (
    <div class={`by-banner${mine ? ' yours' : ''}${v.phase === 'over' ? ' over' : ''}`}>
      <BabaYagaFigure class="by-banner-figure" />
      <div class="by-banner-text">
        <strong class="by-title" role="status">
          {title}
        </strong>
        <div class="by-sub">
          {v.phase === 'study' ? t('by_phase_study') : t('by_turn_n', { n: v.turn })}
          {v.phase !== 'study' && v.phase !== 'over' && ` · ${t('by_searcher', { name: name(v.searcher) })}`}
          {f && v.phase === 'race' && ` · ${t('by_move_of', { moves: f.moves, total: f.total })}`}
        </div>
      </div>
      {clock !== null && (
        <div class={clock <= 3 ? 'countdown urgent' : 'countdown'} title={t(clockKey as 'by_clock_study', { n: clock })}>
          <span class="sr-only">{t(clockKey as 'by_clock_study', { n: clock })}</span>
          <span aria-hidden="true">{clock} s</span>
        </div>
      )}
    </div>
  );
}

// Your buttons: every one is an action of the server's legal list.
function Actions({ view: v, legal, names, pending, busy, act, setPending }: { view: any; legal: string[]; names: string[]; pending: KeyPending; busy: boolean; act: (a: string) => boolean; setPending: (p: KeyPending) => void }) {
  const button = (a: string, key: string, primary = false) => (
    <button type="button" class={`move${primary ? ' primary big' : ''}`} data-action={a} disabled={busy} onClick={() => act(a)}>
      {actionLabel(a, names)} <kbd>{key}</kbd>
    </button>
  );
  const places = ENDS.filter((e) => legal.includes(`place ${e.end}`));
  const targets = legal.filter((a) => a.startsWith('target '));
  const back = legal.find((a) => a.startsWith('back '));
  const turning = legal.some((a) => a.startsWith('turn '));
  const swapping = legal.some((a) => a.startsWith('swap '));
  const maison = legal.some((a) => /^maison [A-E]/.test(a));
  const effect: string | undefined = v.effect_card?.effect;
  return (
    <section class="by-actions panel" aria-labelledby="by-actions-title">
      <h3 id="by-actions-title">{t('by_your_turn')}</h3>
      {effect && (
        <p class="by-effect-help">
          <strong>{effectName(effect)}</strong> {t(effectHelpKey(effect) as 'by_effect_unknown')}
        </p>
      )}
      <div class="by-buttons">
        {legal.includes('ready') && button('ready', 'Enter', true)}
        {places.map((e) => button(`place ${e.end}`, e.key))}
        {legal.includes('move') && button('move', t('key_space'), true)}
        {legal.includes('move left') && button('move left', 'f', true)}
        {legal.includes('move right') && button('move right', 'j', true)}
        {back && button(back, 'x', true)}
        {targets.map((a) => button(a, String(Number(a.slice(7)) + 1)))}
        {legal.includes('maison later') && button('maison later', 'l')}
      </div>
      {legal.includes('ready') && <p class="small">{t('by_study_help')}</p>}
      {legal.includes('ready') && <p class="small by-rule">{t('by_rule_turn')}</p>}
      {legal.some((a) => a.startsWith('move')) && <p class="small by-rule">{t('by_rule_move')}</p>}
      {places.length > 0 && <p class="small">{t('by_place_help')}</p>}
      {turning && <p class="small">{t('by_search_help')}</p>}
      {turning && <p class="small by-rule">{t('by_rule_hint')}</p>}
      {back && <p class="small">{t('by_back_help')}</p>}
      {swapping && (
        <p class="by-pick">
          {pending.first ? t('by_swap_second', { cell: pending.first }) : t('by_swap_first')}{' '}
          {pending.first && (
            <button type="button" onClick={() => setPending({ column: null, first: null })}>
              {t('by_cancel')} <kbd>Esc</kbd>
            </button>
          )}
        </p>
      )}
      {maison && <p class="by-pick">{t('by_maison_pick')}</p>}
      {pending.column && takesTile(legal) && (
        <p class="by-typed" aria-live="polite">
          {t('by_typed_column', { c: pending.column })}
        </p>
      )}
    </section>
  );
}

// The handicaps of this turn's searcher, public (the cards lie in front of her); in her own
// view the forest itself shows them.
function Handicap({ view: v, me, names }: { view: any; me: number | null; names: string[] }) {
  const h = v.handicap ?? {};
  if (v.phase === 'over' || v.phase === 'study' || (!h.blind && !h.small)) return null;
  const mine = v.searcher === me;
  const name = seatLabel(names, v.searcher);
  return (
    <div class="by-handicap" role="note">
      {h.blind && <p>{mine ? t('by_blind_you', { half: t(`by_half_${h.blind}` as 'by_half_left') }) : t('by_blind_other', { name, half: t(`by_half_${h.blind}` as 'by_half_left') })}</p>}
      {h.small && <p>{mine ? t('by_small_you') : t('by_small_other', { name })}</p>}
    </div>
  );
}

// The spell in play (its four ingredients, the effect, how many are needed and found), or the
// spell whose effect is being chosen.
function SpellCard({ view: v, me, names }: { view: any; me: number | null; names: string[] }) {
  const card = v.card ?? v.effect_card;
  if (!card) {
    if (v.phase === 'over') return null;
    return (
      <section class="by-card-box panel" aria-labelledby="by-card-title">
        <h3 id="by-card-title">{t('by_spell')}</h3>
        <p class="small">{v.phase === 'study' ? t('by_no_card_study') : t('by_no_card')}</p>
      </section>
    );
  }
  const up = new Set((v.forest as Tile[]).filter((x) => x.face === 'ingredient' && x.ingredient).map((x) => x.ingredient!));
  const racing = !!v.card;
  const found = card.ingredients.filter((i: string) => up.has(i)).length;
  const whose = v.searcher === me ? t('by_your_spell') : t('by_spell_of', { name: seatLabel(names, v.searcher) });
  return (
    <section class="by-card-box panel" aria-labelledby="by-card-title">
      <h3 id="by-card-title">{racing ? whose : t('by_cast_now', { name: seatLabel(names, v.searcher) })}</h3>
      <div class="by-card">
        <div class="by-card-effect">{effectName(card.effect)}</div>
        <ul class="by-card-ings">
          {card.ingredients.map((i: string) => {
            const got = racing && up.has(i);
            return (
              <li class={got ? 'found' : ''}>
                <span class="by-found-mark" aria-hidden="true">
                  {got ? '✓' : '○'}
                </span>{' '}
                {ingredientName(i)}
                {got && <span class="sr-only"> ({t('by_found')})</span>}
              </li>
            );
          })}
        </ul>
        <p class="by-card-help">{t(effectHelpKey(card.effect) as 'by_effect_unknown')}</p>
      </div>
      {racing && !v.you_small && <p class="by-need">{t('by_need_found', { need: v.need, found })}</p>}
      {racing && v.you_small && <p class="by-need">{t('by_need', { need: v.need })}</p>}
      {racing && <p class="small by-rule">{t('by_rule_cast', { need: v.need })}</p>}
    </section>
  );
}

// Every player: her role now, level, spells cast, her pile, the failed cards seen under it,
// the cards lying in front of her.
function Players({ view: v, me, names, actors }: { view: any; me: number | null; names: string[]; actors: number[] }) {
  const f = v.flight;
  return (
    <section class="by-players panel" aria-labelledby="by-players-title">
      <h3 id="by-players-title">{t('by_players')}</h3>
      <ul>
        {v.players.map((p: any) => {
          const roles: string[] = [];
          if (v.phase === 'study') roles.push(p.ready ? t('by_role_ready') : t('by_role_studying'));
          else if (v.phase !== 'over') {
            if (p.seat === v.searcher) roles.push(t('by_role_searcher'));
            if (v.phase === 'place' && p.seat === v.placer) roles.push(t('by_role_placer'));
            if (v.phase === 'race' && f && p.seat === f.mover) roles.push(t('by_role_mover'));
          } else if (p.seat === v.winner) roles.push(t('by_role_winner'));
          return (
            <li class={`by-player${actors.includes(p.seat) ? ' acting' : ''}${p.seat === me ? ' me' : ''}`} data-seat={p.seat}>
              <div class="by-player-head">
                <span class={`token seat-${p.seat}`} aria-hidden="true">
                  {p.seat + 1}
                </span>{' '}
                <strong>{seatLabel(names, p.seat)}</strong>
                {p.seat === me && <em> ({t('you')})</em>}
                {roles.map((r) => (
                  <span class="by-role">{r}</span>
                ))}
              </div>
              <div class="small">{levelName(p.level)}</div>
              <div>{p.cast.length ? t('by_cast_list', { n: p.cast.length, cards: p.cast.map((c: any) => effectName(c.effect)).join(', ') }) : t('by_cast_count', { n: 0 })}</div>
              <div class="small">
                {t('by_pile', { n: p.pile })}
                {p.seen_under_pile > 0 && ` · ${t('by_under_pile', { n: p.seen_under_pile })}`}
              </div>
              {p.pending.length > 0 && <div class="by-pending">{t('by_in_front', { cards: p.pending.map(effectName).join(', ') })}</div>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function KeyList() {
  const keys: [string, string][] = [
    ['Enter', t('by_key_ready')],
    ['n e s w', t('by_key_place')],
    ['a–e, 1–5', t('by_key_tile')],
    ['x, ⌫', t('by_key_back')],
    [t('key_space'), t('by_key_move')],
    ['f / j', t('by_key_hands')],
    ['1–5', t('by_key_target')],
    ['l', t('by_key_later')],
    ['← ↑ → ↓', t('by_key_arrows')],
    ['Esc', t('by_key_escape')],
    ['?', t('by_key_help')],
  ];
  return (
    <section class="by-keys panel" aria-labelledby="by-keys-title">
      <h3 id="by-keys-title">{t('by_keys_title')}</h3>
      <dl>
        {keys.map(([k, what]) => (
          <>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{what}</dd>
          </>
        ))}
      </dl>
    </section>
  );
}

// At the end: every player's spells cast, and who escaped the forest.
export function BabaYagaBreakdown({ session, names }: { session: Session; names: string[] }) {
  const v = session.state!.view;
  return (
    <ul class="breakdown">
      {v.players.map((p: any) => (
        <li>
          <strong>{seatLabel(names, p.seat)}</strong>: {p.cast.length ? p.cast.map((c: any) => effectName(c.effect)).join(', ') : t('by_no_spell')}
          {' = '}
          <strong>{t(p.cast.length === 1 || (p.cast.length === 0 && lang() === 'fr') ? 'by_spells_one' : 'by_spells_n', { n: p.cast.length })}</strong>
          {p.seat === v.winner && ` · ${t('by_escaped')}`}
        </li>
      ))}
      {v.winner < 0 && <li>{t('by_over_limit')}</li>}
    </ul>
  );
}
