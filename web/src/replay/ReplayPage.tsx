// `/t/CODE/replay?seat=K`: a finished game, step by step, through the eyes of one seat or of a
// spectator; the board and the log are the table page's own, fed the recorded states.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { fetchTable } from '../net';
import { boardFor } from '../games/registry';
import type { TableStatus } from '../protocol/types';
import { go, replayPath, type Viewer } from '../route';
import { Log } from '../table/Log';
import { Result } from '../table/Result';
import { RulesPanel } from '../table/RulesPanel';
import { seatLabel, seatNames } from '../table/seats';
import { clampStep, isReplayAnswer, sameMoment, sessionAt, type ReplayAnswer } from './replay';

async function fetchReplay(code: string, seat: Viewer): Promise<ReplayAnswer | 'not-finished'> {
  const r = await fetch(`/api/tables/${encodeURIComponent(code)}/replay?seat=${seat}`);
  if (r.status === 409) return 'not-finished';
  if (!r.ok) throw new Error(`${r.status} ${(await r.text()).trim()}`);
  const a = await r.json();
  if (!isReplayAnswer(a)) throw new Error('not a replay');
  return a;
}

export function ReplayPage({ code, seat }: { code: string; seat: Viewer }) {
  const [answer, setAnswer] = useState<ReplayAnswer | 'not-finished' | null>(null);
  const [status, setStatus] = useState<TableStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [k, setK] = useState(0);

  useEffect(() => {
    setAnswer(null);
    setProblem(null);
    Promise.all([fetchReplay(code, seat), fetchTable(code)])
      .then(([a, s]) => {
        setStatus(s);
        // Other eyes, the same moment of the game: the step told at the time of the one shown.
        if (a !== 'not-finished') setK(shown.current ? sameMoment(shown.current.answer, shown.current.k, a) : 0);
        setAnswer(a);
      })
      .catch((e) => setProblem(t('replay_failed', { why: String(e.message ?? e) })));
  }, [code, seat]);

  const ready = answer && answer !== 'not-finished' ? answer : null;
  const shown = useRef<{ answer: ReplayAnswer; k: number } | null>(null);
  shown.current = ready ? { answer: ready, k } : shown.current;
  const step = (to: number) => ready && setK(clampStep(ready, to));
  // A layout effect: the keys work from the moment the steps are drawn (a plain effect runs
  // after the paint, and keys pressed in between were lost).
  useLayoutEffect(() => {
    if (!ready) return;
    const onKey = (e: KeyboardEvent) => {
      const tag = (e.target as HTMLElement | null)?.tagName;
      if (tag === 'SELECT' || tag === 'INPUT' || e.altKey || e.ctrlKey || e.metaKey) return;
      const move: Record<string, (k: number) => number> = { ArrowLeft: (k) => k - 1, ArrowRight: (k) => k + 1, Home: () => 0, End: () => ready.steps.length - 1 };
      const to = move[e.key];
      if (!to) return;
      e.preventDefault();
      setK((k) => clampStep(ready, to(k)));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [ready]);
  const session = useMemo(() => (ready ? sessionAt(ready, k, status, code) : null), [ready, k, status, code]);

  if (problem) return <p class="problem" role="alert">{problem}</p>;
  if (answer === 'not-finished')
    return (
      <div class="panel">
        <p>{t('replay_not_finished')}</p>
        <a href={`/t/${code}`}>{t('replay_back_to_table')}</a>
      </div>
    );
  if (!ready || !session) return <p aria-busy="true">{t('loading')}</p>;
  const game = boardFor(ready.game);
  const names = seatNames(status, ready.players);
  const last = ready.steps.length - 1;
  return (
    <div class={`table replay game-${ready.game}`}>
      <div class="table-head">
        <h1>
          {game?.title ?? ready.game} <small>· {t('replay_title')} · {t('table')} {code}</small>
        </h1>
        <RulesPanel game={ready.game} />
      </div>
      <div class="replay-bar panel">
        <label>
          {t('replay_eyes')}{' '}
          <select value={String(seat)} onChange={(e) => go(replayPath(code, (e.target as HTMLSelectElement).value === 'spectator' ? 'spectator' : Number((e.target as HTMLSelectElement).value)))}>
            <option value="spectator">{t('replay_spectator')}</option>
            {names.map((n, i) => (
              <option value={String(i)}>{`${seatLabel(i)} · ${n}`}</option>
            ))}
          </select>
        </label>
        <div class="replay-steps" role="group" aria-label={t('replay_title')}>
          <button type="button" onClick={() => step(0)} disabled={k === 0} aria-label={t('replay_start')}>|◀</button>
          <button type="button" onClick={() => step(k - 1)} disabled={k === 0} aria-label={t('replay_back')}>◀</button>
          <input type="range" min={0} max={last} value={k} aria-label={t('replay_step', { k, n: last })} onInput={(e) => step(Number((e.target as HTMLInputElement).value))} />
          <button type="button" onClick={() => step(k + 1)} disabled={k === last} aria-label={t('replay_forward')}>▶</button>
          <button type="button" onClick={() => step(last)} disabled={k === last} aria-label={t('replay_end')}>▶|</button>
          <output aria-live="polite">{t('replay_step', { k, n: last })}</output>
        </div>
        <p class="help">{t('replay_keys')}</p>
      </div>
      <div class="table-body">
        <div class="board-area">
          {session.result && <Result result={session.result} names={names} breakdown={game && session.state ? <game.Breakdown session={session} names={names} /> : null} />}
          {session.state && game ? <game.Board session={session} act={() => false} actText={() => false} names={names} /> : <p>{t('no_board', { game: ready.game })}</p>}
        </div>
        <aside class="side">
          <Log lines={session.log} narrate={game?.narrate ? (l) => game.narrate!(l, names) : undefined} />
        </aside>
      </div>
    </div>
  );
}
