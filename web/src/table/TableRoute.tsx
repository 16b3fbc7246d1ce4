// `/t/CODE`: rejoin with the stored token, or offer a free seat and a name, or watching.
import { useEffect, useState } from 'preact/hooks';
import { t, tMaybe } from '../i18n/i18n';
import { currentConnection, fetchTable, freshConnection, tokens } from '../net';
import type { Connection } from '../protocol/connection';
import type { TableStatus } from '../protocol/types';
import { savedName, takeName } from '../lobby/name';
import { TablePage } from './TablePage';
import { seatLabel, seatName, seatNames } from './seats';
import { boardFor } from '../games/registry';
import { GamePicture } from '../lobby/GamePicture';
import { go, replayPath } from '../route';

export function TableRoute({ code }: { code: string }) {
  const [conn, setConn] = useState<Connection | null>(() => {
    const c = currentConnection();
    return c && c.session.table === code ? c : null;
  });
  const [status, setStatus] = useState<TableStatus | null | 'missing'>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (conn) return;
    if (tokens.seat(code)) {
      const c = freshConnection(code);
      c.rejoin(code);
      setConn(c);
      return;
    }
    fetchTable(code)
      .then((s) => setStatus(s ?? 'missing'))
      .catch((e) => setProblem(String(e.message ?? e)));
  }, [code, conn]);

  if (conn) return <TablePage conn={conn} code={code} />;
  if (problem) return <p class="problem" role="alert">{problem}</p>;
  if (status === 'missing') return <p class="problem" role="alert">{t('no_such_table', { code })}</p>;
  if (!status) return <p aria-busy="true">{t('loading')}</p>;
  return <JoinForm status={status} onConn={setConn} />;
}

function JoinForm({ status, onConn }: { status: TableStatus; onConn: (c: Connection) => void }) {
  const free = status.seats.filter((s) => s.kind === 'human' && !s.taken);
  const [seat, setSeat] = useState<number | null>(free.length ? free[0].seat : null);
  const [name, setName] = useState(savedName());
  const [problem, setProblem] = useState<string | null>(null);
  const join = (e: Event) => {
    e.preventDefault();
    const who = takeName(name, setProblem, t('name_needed'));
    if (who === null) return;
    const c = freshConnection(status.table);
    c.join(status.table, who, seat ?? undefined);
    onConn(c);
  };
  const watch = () => {
    const c = freshConnection(status.table);
    c.watch(status.table);
    onConn(c);
  };
  const finished = status.phase === 'finished';
  const game = boardFor(status.game)?.title ?? status.game;
  const names = seatNames(status, status.players);
  const host = status.seats.find((x) => x.kind === 'human' && x.name);
  return (
    <div class="join panel">
      <div class="join-head">
        <GamePicture id={status.game} />
        <div>
          <h1>{t('join_title', { game, code: status.table })}</h1>
          <p class="invite-by">{host?.name ? t('invite_by', { name: host.name, game }) : t('invite_open', { game })}</p>
          <p class="blurb">
            {tMaybe(`blurb_${status.game.replace(/-/g, '_')}`, '')} <span class="small">({t('invite_players', { n: status.players })})</span>
          </p>
        </div>
      </div>
      <ul class="seat-list">
        {status.seats.map((s) => (
          <li>
            {seatLabel(s.seat)}
            {t('colon')}
            {/* A seat waiting for a person says so ("Seat 2: free"), not its own number again. */}
            {s.kind === 'human' && !s.taken ? t('free_seat') : (names[s.seat] ?? seatName(s))}
          </li>
        ))}
      </ul>
      {finished ? (
        <p class="finished">
          {t('table_finished')}{' '}
          <a class="button primary" href={replayPath(status.table, 'spectator')} onClick={(e) => (e.preventDefault(), go(replayPath(status.table, 'spectator')))}>
            {t('replay_watch')}
          </a>
        </p>
      ) : free.length > 0 && status.phase === 'waiting' ? (
        <form onSubmit={join}>
          <fieldset>
            <legend>{t('pick_seat')}</legend>
            {free.map((s) => (
              <label class="field inline">
                <input type="radio" name="seat" checked={seat === s.seat} onChange={() => setSeat(s.seat)} />
                <span>{seatLabel(s.seat)}</span>
              </label>
            ))}
          </fieldset>
          <label class="field">
            <span>{t('your_name')}</span>
            <input value={name} maxLength={32} required autoComplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          </label>
          {problem && <p class="problem" role="alert">{problem}</p>}
          <button class="primary" type="submit">
            {t('take_seat')}
          </button>
        </form>
      ) : (
        <p>{status.phase === 'playing' ? t('table_playing_full') : t('no_free_seat')}</p>
      )}
      {status.spectators && !finished && (
        <button type="button" onClick={watch}>
          {t('watch')}
        </button>
      )}
    </div>
  );
}
