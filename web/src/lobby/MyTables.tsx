// The home page's list of the tables this browser holds a seat at (their tokens are in local
// storage): each table's public status (GET /api/tables/CODE, never a token) says its game,
// the other people and bots, and whether it waits, plays or has finished; a link goes back.
// A finished table, or one the server no longer knows, can be dismissed: its tokens are
// forgotten.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { fetchTable, tokens } from '../net';
import { go } from '../route';
import type { GameInfo, TableStatus } from '../protocol/types';

const kEveryMs = 10000;

type Known = TableStatus | 'gone' | 'unknown';

export function MyTables({ games }: { games: GameInfo[] }) {
  const [codes, setCodes] = useState<string[]>(() => tokens.seatTables());
  const [known, setKnown] = useState<Record<string, Known>>({});
  useEffect(() => {
    let live = true;
    const read = () =>
      Promise.all(
        codes.map((code) =>
          fetchTable(code)
            .then((s): [string, Known] => [code, s ?? 'gone'])
            .catch((): [string, Known] => [code, 'unknown']),
        ),
      ).then((pairs) => live && setKnown(Object.fromEntries(pairs)));
    if (codes.length === 0) return;
    read();
    const timer = setInterval(read, kEveryMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [codes.join(' ')]);
  if (codes.length === 0) return null;
  const nameOf = (id: string) => games.find((g) => g.id === id)?.name ?? id;
  const dismiss = (code: string) => {
    tokens.forgetTable(code);
    setCodes(tokens.seatTables());
  };
  return (
    <section class="my-tables panel" aria-labelledby="my-tables-title">
      <h2 id="my-tables-title">{t('my_tables')}</h2>
      <ul>
        {codes.map((code) => {
          const s = known[code];
          const mine = tokens.seat(code)?.seat ?? null;
          if (!s || s === 'unknown')
            return (
              <li class="my-table" data-table={code}>
                <span class="open-game">{t('table')} {code}</span>
                <span class="open-facts">{s ? t('my_table_unknown') : t('loading')}</span>
                <button type="button" onClick={() => go(`/t/${code}`)}>
                  {t('my_table_back')}
                </button>
              </li>
            );
          if (s === 'gone')
            return (
              <li class="my-table" data-table={code} data-phase="gone">
                <span class="open-game">{t('table')} {code}</span>
                <span class="open-facts">{t('my_table_gone')}</span>
                <button type="button" onClick={() => dismiss(code)}>
                  {t('my_table_dismiss')}
                </button>
              </li>
            );
          const others = s.seats
            .filter((x) => x.seat !== mine)
            .map((x) => (x.kind === 'bot' ? t('bot_named', { bot: x.bot ?? '' }) : x.name ?? t('my_table_free')));
          const phase = s.phase === 'finished' ? t('my_table_finished') : s.phase === 'waiting' ? t('open_table_waiting') : s.paused ? t('my_table_paused') : t('open_table_playing');
          return (
            <li class="my-table" data-table={code} data-phase={s.phase}>
              <span class="open-game">{nameOf(s.game)}</span>
              <span class="open-facts">
                {phase}
                {mine !== null ? ` · ${t('seat_n', { n: mine + 1 })}` : ''}
                {others.length > 0 ? ` · ${t('my_table_with', { names: others.join(', ') })}` : ''}
              </span>
              <span class="my-table-actions">
                <button type="button" class={s.phase === 'finished' ? '' : 'primary'} onClick={() => go(`/t/${code}`)}>
                  {t('my_table_back')}
                </button>
                {s.phase === 'finished' && (
                  <button type="button" onClick={() => dismiss(code)}>
                    {t('my_table_dismiss')}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
