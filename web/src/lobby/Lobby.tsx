// The home page: the games with their players and facts; one opens the table form below them.
import { useEffect, useState } from 'preact/hooks';
import { t, tMaybe } from '../i18n/i18n';
import { fetchGames, fetchOpenTables } from '../net';
import type { GameInfo, TableStatus } from '../protocol/types';
import { CreateTable } from './CreateTable';
import { GamePicture } from './GamePicture';
import { MyTables } from './MyTables';
import { OpenTables } from './OpenTables';
import { boardFor } from '../games/registry';

export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState<TableStatus[]>([]);
  // The page is drawn once both lists are read: open tables arriving after the games would push
  // the games' buttons down under a moving pointer or finger.
  useEffect(() => {
    const tables = fetchOpenTables().catch((): TableStatus[] => []);
    fetchGames()
      .then(async (a) => {
        setOpen(await tables);
        setGames(a.games);
      })
      .catch((e) => setFailed(String(e.message ?? e)));
  }, []);
  if (failed) return <p class="problem" role="alert">{t('games_unavailable', { why: failed })}</p>;
  if (!games) return <p aria-busy="true">{t('loading')}</p>;
  // Only the games the browser can draw are offered; the others are named.
  const playable = games.filter((g) => boardFor(g.id));
  const elsewhere = games.filter((g) => !boardFor(g.id));
  const game = playable.find((g) => g.id === chosen);
  return (
    <div class="lobby">
      <h1>{t('lobby_title')}</h1>
      <p class="lead">{t('lobby_lead')}</p>
      <MyTables games={games} />
      <OpenTables games={playable} first={open} />
      <ul class="games">
        {playable.map((g) => (
          <li class={g.id === chosen ? 'game chosen' : 'game'}>
            <GamePicture id={g.id} />
            <div class="game-text">
              <h2>{g.name}</h2>
              <p class="blurb">{tMaybe(`blurb_${g.id.replace(/-/g, '_')}`, '')}</p>
              <p class="facts">
                {t('players_range', { min: g.min_players, max: g.max_players })} ·{' '}
                {g.facts.real_time ? t('fact_real_time') : t('fact_turn_based')}
                {g.facts.hidden_information ? ` · ${t('fact_hidden')}` : ''}
              </p>
              <button type="button" class="primary" aria-expanded={g.id === chosen} aria-controls="create-form" onClick={() => setChosen(g.id === chosen ? null : g.id)}>
                {t('create_table')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {elsewhere.length > 0 && <p class="help">{t('terminal_only', { games: elsewhere.map((g) => g.name).join(', ') })}</p>}
      {/* Keyed by the game: another game's form starts afresh, scrolled to and focused. */}
      {game && <CreateTable key={game.id} game={game} />}
    </div>
  );
}
