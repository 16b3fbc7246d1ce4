// The table form: players, parameters with their defaults, who sits where (a person or a bot),
// your name. Creating takes the first seat and opens the table page with the invite link.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { freshConnection } from '../net';
import type { GameInfo, SeatChoice } from '../protocol/types';
import { go } from '../route';
import { choiceLabel, defaultText, paramHelp, paramLabel } from './params';
import { savedName, takeName } from './name';

export function CreateTable({ game }: { game: GameInfo }) {
  const [players, setPlayers] = useState(game.default_players);
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(game.params.map((p) => [p.name, p.default])));
  // Seat 0 is the person creating the table; the others start as people to invite.
  const [seats, setSeats] = useState<string[]>(() => Array.from({ length: game.max_players }, () => 'human'));
  const [name, setName] = useState(savedName());
  const [spectators, setSpectators] = useState(true);
  const [listed, setListed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setProblem(null), [players, params, seats, name]);

  const submit = (e: Event) => {
    e.preventDefault();
    const who = takeName(name, setProblem, t('name_needed'));
    if (who === null) return;
    setBusy(true);
    const conn = freshConnection();
    const choices: SeatChoice[] = seats.slice(0, players).map((s, i) => (i === 0 || s === 'human' ? { human: true } : { bot: s }));
    // Only parameters that differ from their default are sent: the server fills the rest.
    const changed = Object.fromEntries(Object.entries(params).filter(([k, v]) => game.params.find((p) => p.name === k)?.default !== v));
    const off = conn.subscribe((s) => {
      if (s.problem) {
        setProblem(s.problem.message);
        setBusy(false);
        off();
      } else if (s.table) {
        off();
        conn.join(s.table, who, 0);
        go(`/t/${s.table}`);
      }
    });
    conn.create(game.id, players, changed, choices, spectators, listed);
  };

  const range = [];
  for (let n = game.min_players; n <= game.max_players; ++n) range.push(n);
  return (
    <form class="create panel" onSubmit={submit} aria-labelledby="create-title">
      <h2 id="create-title">{t('create_title', { game: game.name })}</h2>
      <label class="field">
        <span>{t('your_name')}</span>
        <input value={name} maxLength={32} required autoComplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <label class="field">
        <span>{t('players')}</span>
        <select value={String(players)} onChange={(e) => setPlayers(Number((e.target as HTMLSelectElement).value))}>
          {range.map((n) => (
            <option value={String(n)}>{n === game.default_players ? t('n_default', { n }) : String(n)}</option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('seats')}</legend>
        <ol class="seat-choices">
          {seats.slice(0, players).map((s, i) => (
            <li>
              <label class="field inline">
                <span>{t('seat_n', { n: i })}</span>
                {i === 0 ? (
                  <strong>{t('you')}</strong>
                ) : (
                  <select value={s} onChange={(e) => setSeats(seats.map((x, j) => (j === i ? (e.target as HTMLSelectElement).value : x)))}>
                    <option value="human">{t('seat_person')}</option>
                    {[game.default_bot, ...game.bots.filter((b) => b !== game.default_bot)].filter((b) => game.bots.includes(b)).map((b) => (
                      <option value={b}>{t('seat_bot', { bot: b })}</option>
                    ))}
                  </select>
                )}
              </label>
            </li>
          ))}
        </ol>
      </fieldset>
      {game.params.length > 0 && (
        <fieldset>
          <legend>{t('rules_options')}</legend>
          {game.params.map((p) => {
            const id = `param-${p.name}`;
            const value = params[p.name];
            const set = (v: string) => setParams({ ...params, [p.name]: v });
            const label = (
              <span>
                {paramLabel(game.id, p)} <small class="default">({t('default_is', { v: defaultText(game.id, p) })})</small>
              </span>
            );
            return (
              <div class="param">
                {p.kind === 'boolean' ? (
                  <label class="field inline">
                    <input type="checkbox" id={id} checked={value === 'true'} onChange={(e) => set((e.target as HTMLInputElement).checked ? 'true' : 'false')} />
                    {label}
                  </label>
                ) : (
                  <label class="field" for={id}>
                    {label}
                    {p.kind === 'choice' ? (
                      <select id={id} value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
                        {(p.choices ?? []).map((c) => (
                          <option value={c}>{choiceLabel(game.id, p, c)}</option>
                        ))}
                      </select>
                    ) : (
                      <input id={id} type="number" inputMode="numeric" min={p.min} max={p.max} value={value} onInput={(e) => set((e.target as HTMLInputElement).value)} />
                    )}
                  </label>
                )}
                {paramHelp(game.id, p) && <p class="help">{paramHelp(game.id, p)}</p>}
              </div>
            );
          })}
        </fieldset>
      )}
      <label class="field inline">
        <input type="checkbox" checked={spectators} onChange={(e) => setSpectators((e.target as HTMLInputElement).checked)} />
        <span>{t('allow_spectators')}</span>
      </label>
      <label class="field inline">
        <input type="checkbox" name="listed" checked={listed} onChange={(e) => setListed((e.target as HTMLInputElement).checked)} />
        <span>{t('list_in_lobby')}</span>
      </label>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <button class="primary" type="submit" disabled={busy}>
        {busy ? t('creating') : t('create_and_sit')}
      </button>
    </form>
  );
}
