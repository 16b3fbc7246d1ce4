// Sortilèges at the table, from the seat's view alone: the couple cards and what everyone placed
// under them, your two cards with the places the server allows, the won cards and points.
import { t } from '../../i18n/i18n';
import type { Session } from '../../protocol/session';
import type { BoardProps } from '../registry';
import { Card, CardBack, cardText } from './Card';
import { SpellRanking } from './ranking';
import { allianceName, seatName } from './narrate';
import { Why } from '../../table/aid';
import { scoreTies, sideTies, sideWhy } from './explain';

type Side = 'left' | 'right';
const SIDES: Side[] = ['left', 'right'];

// "place 7H under left" → card and side; other texts stay plain buttons.
function parsePlace(action: string): { card: string; side: Side } | null {
  const m = /^place (\S+) (?:under )?(left|right)$/i.exec(action);
  return m ? { card: m[1].toUpperCase(), side: m[2].toLowerCase() as Side } : null;
}

const sideName = (side: Side) => (side === 'left' ? t('left_card') : t('right_card'));

export function SortilegesBoard({ session, act, names }: BoardProps) {
  const st = session.state!;
  const v = st.view;
  const legal = session.role === 'seat' ? st.legal : [];
  const places = legal.map((a) => ({ a, p: parsePlace(a) }));
  const other = places.filter((x) => !x.p).map((x) => x.a);
  const busy = session.pending !== null;
  const hand: string[] = v.hand ?? [];
  const seats: any[] = v.seats ?? [];
  const myTurn = legal.length > 0;
  return (
    <div class="sortileges">
      <p class="status-line">
        <span>{t('round_n', { n: v.round })}</span>
        <span>{t('gratin_size', { n: v.gratin?.size ?? 0 })}</span>
        <span>{t('pile_size', { n: v.pile_size })}</span>
        {v.current !== null && v.current !== undefined && (
          <span class={myTurn ? 'your-turn' : ''}>{myTurn ? t('your_turn') : t('turn_of', { name: seatName(names, v.current) })}</span>
        )}
      </p>
      {v.couple && (
        <div class="couple">
          {SIDES.map((side) => {
            const c = v.couple[side];
            if (!c) return null;
            return (
              <section class={`couple-col side-${side}`} aria-label={sideName(side)}>
                <h3>{sideName(side)}</h3>
                <div class="couple-card">{c.known ? <Card card={c.known} /> : <CardBack label={t('face_down', { side: sideName(side) })} />}</div>
                {c.known && <p class="small">{t('known_card', { card: cardText(c.known) })}</p>}
                <ul class="placed">
                  {seats.map((s) =>
                    s[side].length ? (
                      <li class={s.seat === v.viewer ? 'mine' : ''}>
                        <span class="who">{seatName(names, s.seat)}</span>
                        <span class="cards">
                          {s[side].map((card: string) => (
                            <Card card={card} small />
                          ))}
                        </span>
                      </li>
                    ) : null,
                  )}
                </ul>
              </section>
            );
          })}
        </div>
      )}
      {session.role === 'seat' && !v.terminal && (
        <section class="hand panel" aria-labelledby="hand-title">
          <h3 id="hand-title">{myTurn ? t('hand_choose') : t('hand')}</h3>
          {hand.length === 0 ? (
            <p class="small">{t('hand_empty')}</p>
          ) : (
            <ul class="hand-cards">
              {hand.map((card) => (
                <li>
                  <Card card={card} />
                  <div class="place-buttons">
                    {SIDES.map((side) => {
                      const x = places.find((p) => p.p && p.p.card === card && p.p.side === side);
                      return x ? (
                        <button type="button" class="move" disabled={busy} data-action={x.a} onClick={() => act(x.a)} aria-label={t('place_under_long', { card: cardText(card), side: sideName(side).toLowerCase() })}>
                          {side === 'left' ? `◀ ${t('under_left')}` : `${t('under_right')} ▶`}
                        </button>
                      ) : null;
                    })}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {myTurn && <p class="small">{t('discard_note')}</p>}
          {other.map((a) => (
            <button type="button" class="move" data-action={a} disabled={busy} onClick={() => act(a)}>
              {a}
            </button>
          ))}
          {(v.discards ?? []).length > 0 && (
            <p class="small">
              {t('your_discards')}
              {t('colon')}
              {(v.discards as string[]).map(cardText).join(' ')}
            </p>
          )}
        </section>
      )}
      <section class="standings panel" aria-labelledby="standings-title">
        <h3 id="standings-title">{t('won_and_points')}</h3>
        <table class="standings-table">
          <thead>
            <tr>
              <th scope="col">{t('player')}</th>
              <th scope="col">{t('won_cards')}</th>
              <th scope="col">{t('points')}</th>
            </tr>
          </thead>
          <tbody>
            {seats.map((s) => (
              <tr class={s.seat === v.current ? 'acting' : ''}>
                <th scope="row">
                  {seatName(names, s.seat)}
                  {!v.terminal && <div class="small">{t('to_place_discarded', { p: s.placements_left, d: s.discarded })}</div>}
                </th>
                <td class="won">{s.won.length ? s.won.map(cardText).join(' ') : '—'}</td>
                <td>
                  <strong>{s.points}</strong>
                  {s.alliances.map((a: any) => (
                    <div class="small">
                      {allianceName(a.name)}
                      {t('colon')}
                      {a.points}
                    </div>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {v.last_round && <LastRound r={v.last_round} names={names} />}
      <SpellRanking />
    </div>
  );
}

// The last reveal: each couple card, every spell under it, who won it with what; a tie between
// spells of one category says what settled it, and the first-game aid says why the card went
// where it went.
function LastRound({ r, names }: { r: any; names: string[] }) {
  const demonicus = typeof r.demonicus === 'number' ? r.demonicus : null;
  return (
    <section class="last-round panel" aria-labelledby="last-round-title">
      <h3 id="last-round-title">{t('last_round', { n: r.round })}</h3>
      {demonicus !== null && <p>{t('demonicus_by', { name: seatName(names, demonicus) })}</p>}
      <div class="couple">
        {SIDES.map((side) => {
          const e = r[side];
          if (!e) return null;
          const why = sideWhy(e, names, demonicus);
          return (
            <div class="couple-col">
              <h4>
                {sideName(side)}
                {t('colon')}
                {cardText(e.card)}
              </h4>
              <p>
                {e.fate === 'won'
                  ? t('won_by', { name: seatName(names, e.winner), spell: e.by })
                  : e.fate === 'removed'
                    ? t('card_removed')
                    : e.fate === 'under-gratin'
                      ? t('card_under_gratin')
                      : ''}
              </p>
              <ul class="small">
                {e.spells.map((sp: any) => (
                  <li class={sp.seat === e.winner ? 'winner' : ''}>
                    {seatName(names, sp.seat)}
                    {t('colon')}
                    {sp.cards.map(cardText).join(' ')} — <strong>{sp.spell}</strong>
                  </li>
                ))}
              </ul>
              {sideTies(e, names, demonicus !== null).map((line) => (
                <p class="tie-note">{line}</p>
              ))}
              {why && <Why>{why}</Why>}
            </div>
          );
        })}
      </div>
    </section>
  );
}

// At the end: each player's won cards, the alliances they make and the points.
export function SortilegesBreakdown({ session, names }: { session: Session; names: string[] }) {
  const v = session.state!.view;
  const seats: any[] = v.seats ?? [];
  // Equal scores: the best share the win (docs/rules/sortileges.md).
  const ties = scoreTies(
    seats.map((s) => s.points),
    names,
  );
  return (
    <>
      <ul class="breakdown">
        {seats.map((s: any) => (
          <li>
            <strong>{seatName(names, s.seat)}</strong>
            {t('colon')}
            {s.won.length ? s.won.map(cardText).join(' ') : t('no_cards_won')}
            {s.alliances.length > 0 && ` — ${s.alliances.map((a: any) => `${allianceName(a.name)} (${a.cards.map(cardText).join(' ')}) ${a.points}`).join(', ')}`} ={' '}
            <strong>{t('n_points', { n: s.points })}</strong>
          </li>
        ))}
      </ul>
      {ties.map((line) => (
        <p class="tie-note">{line}</p>
      ))}
    </>
  );
}
