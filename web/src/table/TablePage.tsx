// A table: the waiting room (seats, invite link, start), then the game's board, the log and the
// result. Everything shown comes from the session, i.e. from the server's messages.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { freshConnection, tokens } from '../net';
import type { TableStatus } from '../protocol/types';
import { savedName } from '../lobby/name';
import type { Connection } from '../protocol/connection';
import { boardFor } from '../games/registry';
import { Invite } from './Invite';
import { Log } from './Log';
import { Result } from './Result';
import { RulesPanel } from './RulesPanel';
import { replayPath } from '../route';
import { SeatsPanel } from './SeatsPanel';
import { useSession } from './useSession';
import { seatNames, seatNo } from './seats';
import { setBaseTitle, useTurnSignal } from './turn';
import { ReadyPanel } from './Ready';
import { ChatPanel } from './Chat';

export function TablePage({ conn, code }: { conn: Connection; code: string }) {
  const s = useSession(conn);
  useTurnSignal(s);
  // The tab names the game (its turn flag goes in front): "● Your move · Du Balai ! · Sabbat".
  const gameId = s?.status?.game;
  useEffect(() => {
    if (gameId) setBaseTitle(`${boardFor(gameId)?.title ?? gameId} · Sabbat`);
  }, [gameId]);
  if (!s) return null;
  const status = s.status;
  const problem = s.problem;
  if (s.role === 'none' && problem)
    return (
      <div class="panel">
        <p class="problem" role="alert">
          {problem.message}
        </p>
        <a href={`/t/${code}`}>{t('try_again')}</a>
      </div>
    );
  if (!status) return <p aria-busy="true">{s.connected ? t('joining') : t('connecting')}</p>;
  const game = boardFor(status.game);
  const players = status.players;
  const names = seatNames(status, players);
  const owner = tokens.owner(code);
  const act = (a: string) => conn.act(a);
  return (
    <div class={`table game-${status.game} phase-${status.phase}`}>
      <div class="table-head">
        <h1>
          {game?.title ?? status.game} <small>· {t('table')} {code}</small>
        </h1>
        <RulesPanel game={status.game} />
        <p class={s.connected ? 'conn' : 'conn lost'} role="status">
          {!s.connected ? t('reconnecting') : s.role === 'spectator' ? t('you_watch') : s.seat !== null ? t('you_are', { n: seatNo(s.seat), name: names[s.seat] }) : ''}
        </p>
      </div>
      {status.paused && (
        <p class="panel paused-note" role="status">
          {t('paused_note')}
        </p>
      )}
      {problem && s.role !== 'none' && (
        <p class="problem" role="alert">
          {problem.message}
        </p>
      )}
      <div class="table-body">
        <div class="board-area">
          {/* While the table waits, the invite is where the board will be: beside the seats on a laptop. */}
          {status.ready_step && <ReadyPanel s={s} conn={conn} code={code} names={names} owner={!!owner} />}
          {status.phase === 'waiting' && !status.ready_step && (
            <div class="waiting panel">
              <h2>{t('waiting_title')}</h2>
              <Invite code={code} invite={s.invite} />
              {owner && (
                <p>
                  <button type="button" onClick={() => conn.start(code)}>
                    {t('start_now')}
                  </button>{' '}
                  <small>{t('start_now_help')}</small>
                </p>
              )}
            </div>
          )}
          {status.phase === 'finished' && (s.role === 'seat' || status.next) && <NextGame conn={conn} status={status} seat={s.role === 'seat' ? s.seat : null} />}
          {s.result && <Result result={s.result} names={names} breakdown={game && s.state ? <game.Breakdown session={s} names={names} /> : null} replay={replayPath(code, s.seat ?? 'spectator')} />}
          {/* No board while the table waits for its people: nothing there says whose turn it is. */}
          {status.phase === 'waiting' ? null : s.state && game ? (
            <>
              {/* The board's own headings are h3: this keeps the outline in order for a screen reader. */}
              <h2 class="sr-only">{t('board_title')}</h2>
              <game.Board session={s} act={act} actText={(a) => conn.actText(a)} setting={(a) => conn.setting(a)} names={names} />
            </>
          ) : s.state ? (
            <p>{t('no_board', { game: status.game })}</p>
          ) : null}
          {s.refusal && (
            <p class="problem" role="alert">
              {t('refused', { why: s.refusal })}
            </p>
          )}
        </div>
        <aside class="side">
          <SeatsPanel status={status} names={names} actors={status.phase === 'playing' ? (s.state?.actors ?? []) : []} you={s.seat} />
          {status.phase === 'playing' && <Invite code={code} invite={s.invite} compact />}
          {(s.log.length > 0 || status.phase !== 'waiting') && <Log lines={s.log} narrate={game?.narrate ? (l) => game.narrate!(l, names) : undefined} />}
          {s.role !== 'none' && <ChatPanel s={s} conn={conn} code={code} names={names} owner={!!owner} />}
        </aside>
      </div>
    </div>
  );
}

// Takes this person's seat again at the next table, then opens it (the page rejoins with the
// token it was just given).
function joinNext(next: string, name: string, seat: number | null) {
  if (tokens.seat(next)) return location.assign(`/t/${next}`);
  const c = freshConnection(next);
  c.join(next, name, seat ?? undefined);
  const off = c.subscribe((s) => {
    if (s.role === 'seat' || s.problem) {
      off();
      location.assign(`/t/${next}`);
    }
  });
}

// The end of a game: "play again" makes the next table with the same game, settings and seats
// (docs/protocol.md, `again`); once it exists (the status names it) every person is offered
// to join it at the same seat, and the one who asked is taken there.
function NextGame({ conn, status, seat }: { conn: Connection; status: TableStatus; seat: number | null }) {
  const [asked, setAsked] = useState(false);
  const next = status.next ?? null;
  const name = (seat !== null ? status.seats[seat]?.name : null) || savedName() || t('seat_n', { n: (seat ?? 0) + 1 });
  useEffect(() => {
    if (asked && next) joinNext(next, name, seat);
  }, [asked, next]);
  if (!next)
    return (
      <p class="play-again">
        <button type="button" class="primary" disabled={asked} onClick={() => (conn.again(), setAsked(true))}>
          {t('play_again')}
        </button>{' '}
        <small>{t('play_again_help')}</small>
      </p>
    );
  return (
    <p class="play-again" role="status">
      {t('next_ready', { code: next })}{' '}
      {seat !== null ? (
        <button type="button" class="primary" onClick={() => joinNext(next, name, seat)}>
          {t('join_next')}
        </button>
      ) : (
        <a class="button" href={`/t/${next}`}>
          {t('watch_next')}
        </a>
      )}
    </p>
  );
}
