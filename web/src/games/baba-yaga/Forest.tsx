// The forest: a 5×5 grid with the terminal's coordinates (columns A–E, rows 1–5), the path
// tiles of the middle row and column, Baba Yaga where the view says she is, and the 16 forest
// tiles drawn from the view alone: the forest face (hint) of a face-down tile, the ingredient of
// a face-up one, the Maison (the Hut), the half hidden by Lumière aveuglante !, all named in
// the page's language. A face-down tile has nothing of its ingredient in the page, and nothing marks
// a tile turned back: that is for the player's memory. Under it, her flight
// from her end to the far end and back, move n of total.
import type { JSX } from 'preact';
import { t } from '../../i18n/i18n';
import { COLUMNS, ENDS, EXTRA_SIDE, hintByText, hintMeaning, hintSign, hintText, ingredientName, ingredientShort, LINES, ROWS } from './data';
import { cellAction, type KeyPending } from './keys';
import { actionLabel } from './labels';
import { BabaYagaFigure, ClosedEye, HintIcon, MaisonSign } from './signs';

export interface Tile {
  cell: string;
  face: 'forest' | 'ingredient';
  ingredient?: string;
  short?: string;
  hint?: string;
  maison?: 'on' | 'lifted';
  hidden?: boolean;
}

interface ForestProps {
  view: any;
  legal: string[];
  pending: KeyPending;
  names: string[];
  busy: boolean;
  onCell: (cell: string) => void;
  onAct: (action: string) => void;
}

// Grid lines: 1 the row numbers, 2 a lane for the extra tile, 3–7 the columns / rows, 8 the
// other lane. Empty lanes take no room.
const col = (c: string) => 3 + COLUMNS.indexOf(c);
const row = (r: string) => 3 + ROWS.indexOf(r);

export function Forest({ view, legal, pending, names, busy, onCell, onAct }: ForestProps) {
  const tiles = new Map<string, Tile>((view.forest as Tile[]).map((x) => [x.cell, x]));
  const flight = view.flight;
  const small = !!view.you_small;
  const line: string[] = flight ? LINES[flight.start]?.slice(0, Math.min(flight.length, 5)) ?? [] : [];
  const extra = flight && flight.length > 5 ? EXTRA_SIDE[flight.start] : null;
  const cells: JSX.Element[] = [];
  COLUMNS.forEach((c) =>
    cells.push(
      <span class={`by-coord col${pending.column === c ? ' typed' : ''}`} style={{ gridColumn: col(c), gridRow: 1 }} aria-hidden="true">
        {c.toLowerCase()}
      </span>,
    ),
  );
  ROWS.forEach((r) =>
    cells.push(
      <span class="by-coord row" style={{ gridColumn: 1, gridRow: row(r) }} aria-hidden="true">
        {r}
      </span>,
    ),
  );
  for (const r of ROWS)
    for (const c of COLUMNS) {
      const cell = c + r;
      const style = { gridColumn: col(c), gridRow: row(r) };
      const tile = tiles.get(cell);
      cells.push(
        tile ? (
          <ForestTile tile={tile} view={view} legal={legal} pending={pending} names={names} busy={busy} onCell={onCell} style={style} typed={pending.column === c} />
        ) : (
          <PathCell cell={cell} view={view} legal={legal} line={line} busy={busy} onAct={onAct} style={style} />
        ),
      );
    }
  if (extra) {
    const far = line[line.length - 1];
    const pos =
      extra === 'bottom'
        ? { gridColumn: col(far[0]), gridRow: 8 }
        : extra === 'top'
          ? { gridColumn: col(far[0]), gridRow: 2 }
          : extra === 'left'
            ? { gridColumn: 2, gridRow: row(far[1]) }
            : { gridColumn: 8, gridRow: row(far[1]) };
    const here = flight.cell === 'extra';
    cells.push(
      <div class={`by-path extra on-line${here ? ' baba-here' : ''}`} style={pos} aria-label={here ? t('by_cell_extra_baba') : t('by_cell_extra')} role="img">
        {here ? <BabaYagaFigure /> : <span class="by-extra-mark">+1</span>}
      </div>,
    );
  }
  return (
    <div class={`by-table${small ? ' tout-petit' : ''}`}>
      <div class={`by-forest${small ? ' small' : ''}${view.phase === 'study' ? ' study' : ''}`} role="group" aria-label={t('by_forest')} onKeyDown={arrows}>
        {cells}
      </div>
    </div>
  );
}

// The arrows move the focus from tile to tile (over the path), as the terminal's cursor does.
function arrows(e: KeyboardEvent) {
  const el = e.target as HTMLElement;
  const cell = el?.dataset?.cell;
  const step = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
  if (!cell || !step) return;
  let c = COLUMNS.indexOf(cell[0]);
  let r = ROWS.indexOf(cell[1]);
  for (;;) {
    c += step[0];
    r += step[1];
    if (c < 0 || c > 4 || r < 0 || r > 4) return;
    const next = el.closest('.by-forest')?.querySelector<HTMLElement>(`button[data-cell="${COLUMNS[c]}${ROWS[r]}"]`);
    if (next) {
      e.preventDefault();
      next.focus();
      return;
    }
  }
}

function ForestTile({ tile, view, legal, pending, names, busy, onCell, style, typed }: { tile: Tile; view: any; legal: string[]; pending: KeyPending; names: string[]; busy: boolean; onCell: (c: string) => void; style: any; typed: boolean }) {
  const card: string[] | null = view.card?.ingredients ?? null;
  const up = tile.face === 'ingredient';
  const r = cellAction(legal, tile.cell, pending.first);
  const actionable = r.kind !== 'none' && !busy;
  const picked = pending.first === tile.cell;
  const onCard = up && card && tile.ingredient ? card.includes(tile.ingredient) : null;
  let desc: string;
  let body: JSX.Element;
  if (up) {
    const short = ingredientShort(tile.ingredient, tile.short);
    const name = tile.ingredient ? ingredientName(tile.ingredient) : short;
    desc = t('by_tile_ingredient', { cell: tile.cell, name });
    if (onCard === true) desc += ', ' + t('by_on_card');
    if (onCard === false) desc += ', ' + t('by_not_on_card');
    if (tile.maison === 'lifted') desc += ', ' + t('by_maison_lifted');
    body = (
      <>
        <span class="by-mono" aria-hidden="true">
          {short}
        </span>
        {tile.ingredient && <span class="by-ing">{name}</span>}
        {onCard === true && (
          <span class="by-mark yes" aria-hidden="true">
            ✓
          </span>
        )}
        {onCard === false && (
          <span class="by-mark no" aria-hidden="true">
            ✗
          </span>
        )}
        {tile.maison === 'lifted' && (
          <span class="by-lifted" aria-hidden="true">
            <MaisonSign />
          </span>
        )}
      </>
    );
  } else if (tile.maison === 'on') {
    desc = t('by_tile_maison', { cell: tile.cell });
    body = (
      <>
        <MaisonSign />
        <span class="by-hint-text">{t('by_hut')}</span>
      </>
    );
  } else if (tile.hint) {
    // The face in the page's language and the two ingredients it may hide (public: the rule
    // book's table), by their two letters on the tile and their names in its label.
    const h = hintByText(tile.hint);
    desc = t('by_tile_hint', { cell: tile.cell, hint: hintMeaning(tile.hint) });
    body = (
      <>
        <HintIcon sign={hintSign(tile.hint)} />
        <span class="by-hint-text">{hintText(tile.hint)}</span>
        {h && (
          <span class="by-hint-ings" aria-hidden="true">
            {ingredientShort(...h.ingredients[0])}·{ingredientShort(...h.ingredients[1])}
          </span>
        )}
      </>
    );
  } else if (tile.hidden) {
    desc = t('by_tile_hidden', { cell: tile.cell });
    body = <ClosedEye />;
  } else {
    desc = t('by_tile_blank', { cell: tile.cell });
    body = <span class="by-blank" aria-hidden="true" />;
  }
  if (picked) desc += ', ' + t('by_picked');
  if (r.kind === 'act') desc += '. ' + actionLabel(r.action, names);
  else if (r.kind === 'first') desc += '. ' + t('by_pick_for_swap');
  const cls = [
    'by-tile',
    up ? 'face-ingredient' : 'face-forest',
    tile.maison === 'on' && !up ? 'maison' : '',
    tile.hidden ? 'hidden' : '',
    onCard === true ? 'on-card' : onCard === false ? 'off-card' : '',
    actionable ? 'actionable' : '',
    picked ? 'picked' : '',
    typed ? 'typed' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" class={cls} style={style} data-cell={tile.cell} aria-label={desc} title={!up && tile.hint ? hintMeaning(tile.hint) : undefined} aria-disabled={!actionable} aria-pressed={r.kind === 'first' || picked ? picked : undefined} onClick={() => actionable && onCell(tile.cell)}>
      {body}
      <span class="by-cell-name" aria-hidden="true">
        {tile.cell}
      </span>
    </button>
  );
}

function PathCell({ cell, view, legal, line, busy, onAct, style }: { cell: string; view: any; legal: string[]; line: string[]; busy: boolean; onAct: (a: string) => void; style: any }) {
  const flight = view.flight;
  const here = flight?.cell === cell;
  const end = ENDS.find((x) => x.cell === cell);
  const start = flight && end && flight.start === end.end;
  const place = end && legal.includes(`place ${end.end}`) ? `place ${end.end}` : null;
  const onLine = line.includes(cell);
  const far = onLine && line[line.length - 1] === cell && line.length > 1;
  let desc = t('by_cell_path', { cell });
  if (here) desc += ', ' + t('by_baba_here', { moves: flight.moves, total: flight.total });
  if (start) desc += ', ' + t('by_start_end');
  else if (far) desc += ', ' + t('by_far_end');
  const cls = `by-path${cell === 'C3' ? ' cross' : cell[1] === '3' ? ' across' : ' down'}${onLine ? ' on-line' : ''}${here ? ' baba-here' : ''}${start ? ' start' : ''}`;
  const inner = (
    <>
      {here && <BabaYagaFigure />}
      {here && (
        <span class="by-count" aria-hidden="true">
          {flight.moves}/{flight.total}
        </span>
      )}
      {start && !here && (
        <span class="by-start" aria-hidden="true">
          ⌂
        </span>
      )}
      {place && (
        <span class="by-place-key" aria-hidden="true">
          <kbd>{end!.key}</kbd>
        </span>
      )}
    </>
  );
  if (place)
    return (
      <button type="button" class={`${cls} placeable`} style={style} data-cell={cell} disabled={busy} aria-label={`${desc}. ${actionLabel(place, [])}`} onClick={() => onAct(place)}>
        {inner}
      </button>
    );
  return (
    <div class={cls} style={style} role="img" aria-label={desc}>
      {inner}
    </div>
  );
}

// Her flight as the terminal draws it: her line from the start end, where she is, move n of
// total, flying out or coming home.
export function FlightStrip({ view }: { view: any }) {
  const f = view.flight;
  if (!f) return null;
  const line: string[] = (LINES[f.start] ?? []).slice(0, Math.min(f.length, 5));
  if (f.length > 5) line.push('+1');
  const home = f.moves >= f.length - 1;
  return (
    <div class="by-flight">
      <ol class="by-flight-line" aria-hidden="true">
        {line.map((c, i) => (
          <li class={`${i === f.position ? 'here' : ''}${i === 0 ? ' home' : ''}${i === line.length - 1 ? ' far' : ''}`}>
            {i === f.position ? <BabaYagaFigure /> : <span>{c === '+1' ? t('by_extra_short') : c}</span>}
          </li>
        ))}
      </ol>
      <p class="by-flight-text">
        {t('by_flight', { end: t(`by_end_${f.start}` as 'by_end_north'), moves: f.moves, total: f.total })} · {home ? t('by_coming_home') : t('by_flying_out')}
      </p>
    </div>
  );
}
