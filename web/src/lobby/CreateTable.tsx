// The table form: players, parameters with their defaults, who sits where (a person or a bot),
// your name. Creating takes the first seat and opens the table page with the invite link.
// Untouched, the form starts a game at once: every other seat is a bot of the normal level.
// It opens where the person looks: scrolled into view, its first field focused.
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../i18n/i18n';
import { freshConnection } from '../net';
import type { GameInfo, ParamSpec, SeatChoice } from '../protocol/types';
import { go } from '../route';
import { botChoices, bounds, choiceLabel, defaultBot, defaultText, inSeconds, numberText, paramHelp, paramLabel, paramsToSend, seatOf, shownDefault } from './params';
import { savedName, takeName } from './name';

export function CreateTable({ game }: { game: GameInfo }) {
  const [players, setPlayers] = useState(game.default_players);
  const [params, setParams] = useState<Record<string, string>>(() => Object.fromEntries(game.params.map((p) => [p.name, shownDefault(p)])));
  // Seat 0 is the person creating the table; the others start as bots, so that the table
  // plays at once; a seat for a person is chosen here.
  const [seats, setSeats] = useState<string[]>(() => Array.from({ length: game.max_players }, (_, i) => (i === 0 ? 'human' : defaultBot(game))));
  const [name, setName] = useState(() => savedName() || t('default_name'));
  const [spectators, setSpectators] = useState(true);
  const [listed, setListed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => setProblem(null), [players, params, seats, name]);
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'start' });
    first.current?.focus({ preventScroll: true });
    first.current?.select();
  }, []);

  const submit = (e: Event) => {
    e.preventDefault();
    const sent = paramsToSend(game, players, params);
    if ('wrong' in sent) {
      const p = sent.wrong;
      const { min, max } = bounds(p, players);
      setProblem(t(inSeconds(p) ? 'bad_seconds' : 'bad_whole_number', { what: paramLabel(game.id, p), min: min === undefined ? '' : numberText(min), max: max === undefined ? '' : numberText(max) }));
      form.current?.querySelector<HTMLInputElement>(`#param-${p.name}`)?.focus();
      return;
    }
    const who = takeName(name, setProblem, t('name_needed'));
    if (who === null) {
      first.current?.focus();
      return;
    }
    setBusy(true);
    const conn = freshConnection();
    const choices: SeatChoice[] = seats.slice(0, players).map((s, i) => (i === 0 || s === 'human' ? { human: true } : { bot: s }));
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
    conn.create(game.id, players, sent.params, choices, spectators, listed);
  };

  const field = (p: ParamSpec, label: preact.JSX.Element) => {
    const id = `param-${p.name}`;
    const value = params[p.name];
    const set = (v: string) => setParams({ ...params, [p.name]: v });
    if (p.kind === 'boolean')
      return (
        <label class="field inline check">
          <input type="checkbox" id={id} checked={value === 'true'} onChange={(e) => set((e.target as HTMLInputElement).checked ? 'true' : 'false')} />
          {label}
        </label>
      );
    const { min, max } = bounds(p, players);
    return (
      <label class="field" for={id}>
        {label}
        {p.kind === 'choice' ? (
          <select id={id} value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
            {(p.choices ?? []).map((c) => (
              <option value={c}>{choiceLabel(game.id, p, c)}</option>
            ))}
          </select>
        ) : (
          <span class="number">
            <input
              id={id}
              type="number"
              inputMode={inSeconds(p) ? 'decimal' : 'numeric'}
              step={inSeconds(p) ? 'any' : 1}
              min={min}
              max={max}
              value={value}
              onInput={(e) => set((e.target as HTMLInputElement).value)}
            />
            {inSeconds(p) && <span class="unit">{t('seconds')}</span>}
          </span>
        )}
      </label>
    );
  };
  const withDefault = (p: ParamSpec) => (
    <span>
      {paramLabel(game.id, p)} <small class="default">({t('default_is', { v: defaultText(game.id, p) })})</small>
    </span>
  );

  const range = [];
  for (let n = game.min_players; n <= game.max_players; ++n) range.push(n);
  const bots = botChoices(game);
  const tableParams = game.params.filter((p) => seatOf(p) === null);
  const seatParams = (i: number) => game.params.filter((p) => seatOf(p) === i);
  // One help line per kind of seat parameter (pilot, level), under the seats.
  const seatHelps = [...new Set(game.params.filter((p) => seatOf(p) !== null).map((p) => paramHelp(game.id, p)))].filter((h) => h);
  return (
    <form id="create-form" class="create panel" onSubmit={submit} aria-labelledby="create-title" ref={form} noValidate>
      <h2 id="create-title">{t('create_title', { game: game.name })}</h2>
      <label class="field">
        <span>{t('your_name')}</span>
        <input ref={first} value={name} maxLength={32} required autoComplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
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
        <p class="help">{t('seats_help')}</p>
        <ol class="seat-choices">
          {seats.slice(0, players).map((s, i) => (
            <li class="seat-choice" data-seat={i}>
              <label class="field inline">
                <span class="seat-name">{t('seat_n', { n: i + 1 })}</span>
                {i === 0 ? (
                  <strong>{t('you')}</strong>
                ) : (
                  <select class="seat-who" value={s} onChange={(e) => setSeats(seats.map((x, j) => (j === i ? (e.target as HTMLSelectElement).value : x)))}>
                    {bots.map((b) => (
                      <option value={b.id}>{b.label}</option>
                    ))}
                    <option value="human">{t('seat_person')}</option>
                  </select>
                )}
              </label>
              {seatParams(i).map((p) => field(p, <span>{paramLabel(game.id, p)}</span>))}
            </li>
          ))}
        </ol>
        {seatHelps.map((h) => (
          <p class="help">{h}</p>
        ))}
      </fieldset>
      {tableParams.length > 0 && (
        <fieldset>
          <legend>{t('rules_options')}</legend>
          {tableParams.map((p) => (
            <div class="param">
              {field(p, withDefault(p))}
              {paramHelp(game.id, p) && <p class="help">{paramHelp(game.id, p)}</p>}
            </div>
          ))}
        </fieldset>
      )}
      <label class="field inline check">
        <input type="checkbox" checked={spectators} onChange={(e) => setSpectators((e.target as HTMLInputElement).checked)} />
        <span>{t('allow_spectators')}</span>
      </label>
      <label class="field inline check">
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
