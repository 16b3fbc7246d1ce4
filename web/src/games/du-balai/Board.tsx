// Du Balai ! at the table: the book open or closed, the dice only while the view holds them,
// the countdown, the track, your nine symbol cards to write a formula (pointer or keys), the
// Magie noire choices with what each card does, and every witch's formulas after the reveal.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n/i18n';
import { timeLeft, type Session } from '../../protocol/session';
import { useTick } from '../../table/useSession';
import type { BoardProps } from '../registry';
import { cardName, cardOfAction, MAGIE_NOIRE } from './cards';
import { breakdownText } from './breakdown';
import { Dice } from './Dice';
import { draftText, emptyDraft, formulaFor, keyAction, offersSecond, toggleCard, writingVerb, type Draft } from './keys';
import { actionLabel, spellLabel } from './labels';
import { SymbolIcon, symbolByWord, SYMBOLS } from './symbols';
import { Track } from './Track';
import { isRectification, RectifyGrid } from './Rectify';
import { Why } from '../../table/aid';
import { ForcedNote, ForcedToggle } from '../forced';
import './double_jeu.css';
import './phone.css';
import { formulaSpellOutcome, lastRevealWhy, pickedText, revealWhy } from './why';

export function DuBalaiBoard({ session, act, names, setting }: BoardProps) {
  const st = session.state!;
  const v = st.view;
  const legal = session.role === 'seat' ? st.legal : [];
  const forms = session.role === 'seat' ? (st.legal_forms ?? []) : [];
  const me = typeof v.viewer === 'number' ? v.viewer : null;
  const mine = me !== null ? v.witches[me] : null;
  const verb = writingVerb(legal, forms);
  const moment = `${v.turn}/${v.phase}/${v.step}/${v.resolving}/${verb}`;
  // Picks belong to one moment of the race: a key pressed in the next moment starts afresh,
  // even before any effect could run.
  const [picked, setPicked] = useState<{ moment: string; draft: Draft }>({ moment, draft: emptyDraft() });
  // The newest draft, for keys pressed faster than the page renders.
  const latest = useRef(picked);
  const draftOf = (p: { moment: string; draft: Draft }) => (p.moment === moment ? p.draft : emptyDraft());
  const draft = draftOf(picked);
  const setDraft = (d: Draft) => {
    latest.current = { moment, draft: d };
    setPicked(latest.current);
  };
  // With Double-jeu in hand the form offers a second formula from the cards left.
  const two = offersSecond(forms);
  const slot = two ? draft.slot : 'first';
  const picks = slot === 'first' ? draft.first : draft.second;
  const offered = legal.filter((a) => !a.startsWith('formula ') && a !== 'close-book');
  // Rectification's exchanges go to their grid; the rest keep their numbers 1–9.
  const exchanges = offered.filter(isRectification);
  const menu = offered.filter((a) => !isRectification(a));
  const busy = session.pending !== null;
  const now = useTick(!!st.deadline && !v.scores);
  const left = timeLeft(session, now);
  const used = new Set<string>((mine?.formulas ?? []).flatMap((f: any) => f.cards as string[]));
  const toggle = (word: string) => setDraft(toggleCard({ ...draft, slot }, word));
  const clear = () => setDraft(slot === 'first' ? { ...draft, first: new Set() } : { ...draft, second: new Set() });
  // What Write sends: her formula, and her second one when she has picked its cards.
  const write = draftText(legal, draft, forms);
  const firstAlone = formulaFor(legal, draft.first, forms);
  const syllables = (cards: Set<string>) => (cards.size ? SYMBOLS.filter((s) => cards.has(s.word)).map((s) => s.syllable).join(' · ') : '—');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA')) return;
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // Enter and Space on a focused button keep their usual meaning (press that button).
      // The builder's own buttons (cards, the two formulas) leave Enter to the builder.
      if ((e.key === 'Enter' || e.key === ' ') && el && el.tagName === 'BUTTON' && !el.classList.contains('symbol-card') && !(e.key === 'Enter' && el.classList.contains('dj-slot'))) return;
      const now = draftOf(latest.current);
      const r = keyAction(e.key, legal, { ...now, slot: two ? now.slot : 'first' }, menu, forms);
      if (r.kind === 'none') return;
      e.preventDefault();
      if (r.kind === 'act') act(r.action);
      else setDraft(r.draft);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  const open = !!v.book_open_to_you;
  const offeredCards = useMemo(() => Array.from(new Set(offered.map(cardOfAction).filter((c): c is string => !!c))), [offered.join('|')]);
  return (
    <div class="du-balai" data-phase={v.phase}>
      <div class={open ? 'book open' : 'book closed'} role="status" aria-live="assertive">
        <BookIcon open={open} />
        <div>
          <strong class="book-state">{open ? t('book_open') : t('book_closed')}</strong>
          <div class="phase">
            {t(`db_phase_${v.phase.replace(/-/g, '_')}` as any)} · {t('turn_n', { n: v.turn })}
          </div>
        </div>
        {left !== null && (
          <div class={left < 5000 ? 'countdown urgent' : 'countdown'} aria-label={t('seconds_left', { n: Math.ceil(left / 1000) })}>
            {Math.ceil(left / 1000)} s
          </div>
        )}
      </div>
      <ForcedNote log={session.log} me={me} names={names} />
      {/* The spell a reaction window answers, over the answers: what she must read to choose. */}
      {v.pending && (
        <p class="pending-spell">
          {t('db_pending', { name: names[v.pending.caster], spell: spellLabel(v.pending.spell, names), n: v.pending.brouillards })}
        </p>
      )}
      {/* Your decision first: on a phone it is the first thing under the banner. */}
      {offered.length > 0 && (
        <section class="choices panel" aria-labelledby="choices-title">
          <h3 id="choices-title">{t('db_choices')}</h3>
          <ol class="menu">
            {menu.map((a, i) => (
              <li>
                <button type="button" class="move" data-action={a} disabled={busy} onClick={() => act(a)}>
                  {i < 9 && <kbd>{i + 1}</kbd>} {actionLabel(a, names)}
                  {v.book && mine?.formulas && formulaSpellOutcome(a, mine.formulas, v.book)}
                </button>
              </li>
            ))}
          </ol>
          {exchanges.length > 0 && <RectifyGrid options={exchanges} formula={mine?.formulas?.[0]?.cards ?? []} book={v.book ?? null} names={names} busy={busy} act={act} />}
          {offeredCards.map((c) => (
            <p class="card-help">
              <strong>{cardName(c)}</strong>
              {t('colon')}
              {t((MAGIE_NOIRE[c]?.help ?? 'mn_unknown') as any)}
            </p>
          ))}
        </section>
      )}
      {v.dice && !open && <h3>{t('db_dice_revealed')}</h3>}
      {v.dice && <Dice dice={v.dice} />}
      {open && legal.includes('close-book') && (
        <button type="button" class="primary big" onClick={() => act('close-book')} disabled={busy}>
          {t('db_close_book')} <kbd>{t('key_space')}</kbd>
        </button>
      )}
      {open && legal.includes('close-book') && (
        <ul class="db-rules small">
          <li>{t('dbr_colour')}</li>
          <li>{t('dbr_close_risk')}</li>
        </ul>
      )}
      {me !== null && verb && (
        <section class={two ? 'symbol-hand panel two-formulas' : 'symbol-hand panel'} aria-labelledby="symbols-title">
          <h3 id="symbols-title">
            {slot === 'second' ? (
              t('db_write_second')
            ) : (
              <>
                {t('db_write_formula')} <span class="key-hint">{t('db_write_keys')}</span>
              </>
            )}
          </h3>
          {two && <p class="dj-help">{t('dbr_second')}</p>}
          {two && (
            <div class="dj-slots" role="group" aria-label={t('dbj_formulas')}>
              {(['first', 'second'] as const).map((which) => (
                <button type="button" class={`dj-slot dj-${which}`} aria-pressed={slot === which} onClick={() => setDraft({ ...draft, slot: which })}>
                  <span class="dj-slot-name">{t(which === 'first' ? 'dbj_formula_1' : 'dbj_formula_2')}</span>
                  <strong class="dj-slot-cards">{syllables(which === 'first' ? draft.first : draft.second)}</strong>
                </button>
              ))}
            </div>
          )}
          <ul class="symbol-cards">
            {SYMBOLS.map((s, i) => {
              const picked = picks.has(s.word);
              const isUsed = used.has(s.word);
              // With Double-jeu: a card of the other formula is not free for this one.
              const other = two && (slot === 'first' ? draft.second : draft.first).has(s.word);
              return (
                <li>
                  <button
                    type="button"
                    class={`symbol-card${picked ? ' picked' : ''}${isUsed ? ' used' : ''}${other ? ' other' : ''}`}
                    aria-pressed={picked}
                    disabled={other}
                    onClick={() => toggle(s.word)}
                  >
                    <kbd>{i + 1}</kbd>
                    <SymbolIcon id={s.id} />
                    <span class="syl">{s.syllable}</span>
                    <span class="sym-name">{s.name}</span>
                    {other && <span class="dj-badge">{t(slot === 'first' ? 'dbj_in_2' : 'dbj_in_1')}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          <p class="write-row">
            {two && slot === 'first' ? (
              <>
                <button type="button" class="primary" disabled={!firstAlone} onClick={() => setDraft({ ...draft, slot: 'second' })}>
                  {t('dbj_next')} <kbd>Enter</kbd>
                </button>
                <button type="button" disabled={!write || busy} onClick={() => write && act(write)}>
                  {t(draft.second.size ? 'dbj_write_both' : 'db_write')}
                </button>
              </>
            ) : (
              <button type="button" class="primary" disabled={!write || busy} onClick={() => write && act(write)}>
                {t(two && draft.second.size ? 'dbj_write_both' : 'db_write')} <kbd>Enter</kbd>
              </button>
            )}
            {slot === 'first' && legal.includes('formula none') && (
              <button type="button" disabled={busy} onClick={() => act('formula none')}>
                {t('db_formula_none')} <kbd>n</kbd>
              </button>
            )}
            {slot === 'second' && (
              <button type="button" disabled={!firstAlone || busy} onClick={() => firstAlone && act(firstAlone)}>
                {t('db_second_none')} <kbd>n</kbd>
              </button>
            )}
            <button type="button" onClick={clear} disabled={picks.size === 0}>
              {t('db_clear')} <kbd>x</kbd>
            </button>
          </p>
          <p class="db-picked" role="status" aria-live="polite">
            {pickedText({ picked: picks.size, writable: slot === 'first' ? !!firstAlone : !!write, closer: v.closer === me, second: slot === 'second' })}
          </p>
          {two && <p class="small dj-keys">{t('dbj_keys')}</p>}
          <ul class="db-rules small">
            <li>{t('dbr_colour')}</li>
            <li>{t('dbr_perfect')}</li>
            <li>{t(v.closer === me ? 'dbr_closer_you' : 'dbr_closer_other')}</li>
          </ul>
        </section>
      )}
      {/* The race after what she acts on: on a phone the dice, her cards and the clock come first. */}
      <Track view={v} names={names} />
      {v.book && <Judged book={v.book} />}
      {v.book && <RevealWhy lines={revealWhy(v, names)} />}
      {mine?.formulas && <MyFormulas formulas={mine.formulas} />}
      {!v.book && <RevealWhy lines={lastRevealWhy(session.log, v, names)} />}
      {mine?.hand && mine.hand.length > 0 && (
        <section class="mn-hand panel" aria-labelledby="mn-title">
          <h3 id="mn-title">{t('db_magie_noire')}</h3>
          <ul>
            {mine.hand.map((c: string) => (
              <li>
                <strong>{cardName(c)}</strong>
              {t('colon')}
              {t((MAGIE_NOIRE[c]?.help ?? 'mn_unknown') as any)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Witches view={v} names={names} />
      {session.role === 'seat' && <ForcedToggle mode={v.forced} setting={setting} />}
      <p class="small keys-help">{t('db_keys_help')}</p>
    </div>
  );
}

// The first-game aid after the reveal: why each formula moved its witch as it did (from the
// view while it holds the reveal, then from the log until the next one).
function RevealWhy({ lines }: { lines: string[] }) {
  if (lines.length === 0) return null;
  return (
    <Why>
      {lines.map((l) => (
        <span class="why-line">{l}</span>
      ))}
    </Why>
  );
}

function BookIcon({ open }: { open: boolean }) {
  return open ? (
    <svg class="book-icon" viewBox="0 0 64 40" aria-hidden="true">
      <path d="M32 8 C22 2 10 2 4 6 V36 C10 32 22 32 32 38 C42 32 54 32 60 36 V6 C54 2 42 2 32 8 Z" class="pages" />
      <path d="M32 8 V38" class="spine" />
      <path d="M10 12 H26 M10 18 H26 M38 12 H54 M38 18 H54" class="lines" />
    </svg>
  ) : (
    <svg class="book-icon" viewBox="0 0 64 40" aria-hidden="true">
      <rect x="12" y="4" width="40" height="34" rx="3" class="cover" />
      <rect x="12" y="4" width="6" height="34" class="spine-closed" />
      <path d="M30 14 L40 14 L40 26 L30 26 Z" class="lock" />
    </svg>
  );
}

function Judged({ book }: { book: any }) {
  const row = (words: string[]) => (words.length ? words.map((w) => symbolByWord(w)?.syllable ?? w).join(' · ') : '—');
  return (
    <section class="judged panel" aria-labelledby="judged-title">
      <h3 id="judged-title">{t('db_after_reveal')}</h3>
      <p>
        <span class="swatch orange" aria-hidden="true" /> {t('db_valid_orange')}
        {t('colon')}
        <strong>{row(book.valid_orange)}</strong>
      </p>
      <p>
        <span class="swatch black" aria-hidden="true" /> {t('db_valid_black')}
        {t('colon')}
        <strong>{row(book.valid_black)}</strong>
      </p>
      <p>
        ✕ {t('db_forbidden_both')}
        {t('colon')}
        {row(book.in_both_colours)}
      </p>
    </section>
  );
}

function formulaText(f: any): string {
  const cards = (f.cards as string[]).map((w) => symbolByWord(w)?.syllable ?? w).join(' ');
  return cards || t('db_nothing');
}

function MyFormulas({ formulas }: { formulas: any[] }) {
  return (
    <p class="my-formulas">
      {formulas.map((f, i) => (
        <span>
          {i === 0 ? t('db_your_formula') : t('db_your_second')}
          {t('colon')}
          <strong>{formulaText(f)}</strong>
          {f.colour && ` (${f.colour === 'orange' ? t('orange') : t('black')})`}{' '}
        </span>
      ))}
    </p>
  );
}

function Witches({ view, names }: { view: any; names: string[] }) {
  return (
    <section class="witches panel" aria-labelledby="witches-title">
      <h3 id="witches-title">{t('db_witches')}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('player')}</th>
            <th scope="col">{t('db_square')}</th>
            <th scope="col">{t('db_formula_col')}</th>
            <th scope="col">{t('db_mn_count')}</th>
          </tr>
        </thead>
        <tbody>
          {view.witches.map((w: any) => (
            <tr class={view.actors.includes(w.seat) ? 'acting' : ''}>
              <th scope="row">
                {names[w.seat]}
                {w.pilot !== 'normal' && <div class="small">{t(w.pilot === 'novice' ? 'db_novice' : 'db_expert')}</div>}
                {view.closer === w.seat && <div class="small">{t('db_closer')}</div>}
                {view.blocker === w.seat && <div class="small">{t('db_blocker')}</div>}
              </th>
              <td>{w.finish_order > 0 ? t('db_finished', { n: w.finish_order }) : w.square}</td>
              <td>
                {w.formulas
                  ? w.formulas.map((f: any, i: number) => (
                      <div>
                        {formulaText(f)}
                        {w.outcome?.verdicts?.[i] && <em> — {t(`db_verdict_${w.outcome.verdicts[i]}` as any)}</em>}
                        {f.colour && ` (${f.colour === 'orange' ? t('orange') : t('black')})`}
                      </div>
                    ))
                  : w.written
                    ? t('db_written')
                    : view.phase === 'writing'
                      ? t('db_writing')
                      : '—'}
                {w.outcome && (
                  <div class="small">
                    {t('db_moved', { from: w.outcome.from, to: w.outcome.to >= 23 ? t('db_line') : w.outcome.to })}
                    {w.outcome.penalty ? ` · ${t('db_penalty')}` : ''}
                  </div>
                )}
              </td>
              <td>{w.magie_noire}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

// At the end: where each witch finished and her acrobatics, with the server's totals.
export function DuBalaiBreakdown({ session, names }: { session: Session; names: string[] }) {
  const v = session.state!.view;
  return (
    <ul class="breakdown">
      {v.witches.map((w: any) => (
        <li>
          <strong>{names[w.seat]}</strong>
          {t('colon')}
          {breakdownText(w, v.score_parts?.[w.seat], v.scores?.[w.seat])}
        </li>
      ))}
    </ul>
  );
}
