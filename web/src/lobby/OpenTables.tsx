// The lobby's list of open tables (GET /api/tables), read again every few seconds: a table
// waiting for people offers to join it, one being played to watch it (when its creator allows).
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { fetchOpenTables } from '../net';
import { go } from '../route';
import type { GameInfo, TableStatus } from '../protocol/types';

const kEveryMs = 5000;

// `first` is the list the lobby read before drawing itself.
export function OpenTables({ games, first }: { games: GameInfo[]; first: TableStatus[] }) {
  const [tables, setTables] = useState<TableStatus[]>(first);
  useEffect(() => {
    let live = true;
    const read = () =>
      fetchOpenTables()
        .then((list) => live && setTables(list))
        .catch(() => {});
    const timer = setInterval(read, kEveryMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  const nameOf = (id: string) => games.find((g) => g.id === id)?.name ?? id;
  const shown = tables.filter((s) => games.some((g) => g.id === s.game));
  return (
    <section class="open-tables panel" aria-labelledby="open-tables-title">
      <h2 id="open-tables-title">{t('open_tables')}</h2>
      {shown.length === 0 ? (
        <p class="help">{t('open_tables_none')}</p>
      ) : (
        <ul>
          {shown.map((s) => {
            const people = s.seats.filter((x) => x.kind === 'human');
            const taken = people.filter((x) => x.taken).length;
            const bots = s.seats.length - people.length;
            const waiting = s.phase === 'waiting' && taken < people.length;
            if (!waiting && !s.spectators) return null;
            return (
              <li class="open-table" data-table={s.table}>
                <span class="open-game">{nameOf(s.game)}</span>
                <span class="open-facts">
                  {t('open_table_seats', { taken, people: people.length })}
                  {bots > 0 ? ` · ${bots === 1 ? t('open_table_one_bot') : t('open_table_bots', { n: bots })}` : ''} · {waiting ? t('open_table_waiting') : t('open_table_playing')}
                  {people.some((x) => x.name) ? ` · ${people.filter((x) => x.name).map((x) => x.name).join(', ')}` : ''}
                </span>
                <button type="button" class={waiting ? 'primary' : ''} onClick={() => go(`/t/${s.table}`)}>
                  {waiting ? t('open_table_join') : t('open_table_watch')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
