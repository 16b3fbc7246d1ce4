// `/t/CODE`: rejoin with the stored token, or offer a free seat and a name, or watching.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { currentConnection, fetchTable, freshConnection, tokens } from '../net';
import type { Connection } from '../protocol/connection';
import type { TableStatus } from '../protocol/types';
import { savedName, takeName } from '../lobby/name';
import { TablePage } from './TablePage';
import { seatName } from './seats';

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
      const c = freshConnection();
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
    const c = freshConnection();
    c.join(status.table, who, seat ?? undefined);
    onConn(c);
  };
  const watch = () => {
    const c = freshConnection();
    c.watch(status.table);
    onConn(c);
  };
  return (
    <div class="join panel">
      <h1>{t('join_title', { game: status.game, code: status.table })}</h1>
      <ul class="seat-list">
        {status.seats.map((s) => (
          <li>
            {t('seat_n', { n: s.seat })}: {seatName(s)}
          </li>
        ))}
      </ul>
      {free.length > 0 && status.phase === 'waiting' ? (
        <form onSubmit={join}>
          <fieldset>
            <legend>{t('pick_seat')}</legend>
            {free.map((s) => (
              <label class="field inline">
                <input type="radio" name="seat" checked={seat === s.seat} onChange={() => setSeat(s.seat)} />
                <span>{t('seat_n', { n: s.seat })}</span>
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
        <p>{t('no_free_seat')}</p>
      )}
      {status.spectators && (
        <button type="button" onClick={watch}>
          {t('watch')}
        </button>
      )}
    </div>
  );
}
