// One entry per game: its board (the table page's middle) and its score breakdown.
import type { FunctionComponent } from 'preact';
import type { LogLine, Session } from '../protocol/session';
import { narrateSortileges } from './sortileges/narrate';
import { SortilegesBoard, SortilegesBreakdown } from './sortileges/Board';
import { DuBalaiBoard, DuBalaiBreakdown } from './du-balai/Board';
import { narrateDuBalai } from './du-balai/narrate';
import { BabaYagaBoard, BabaYagaBreakdown } from './baba-yaga/Board';
import { narrateBabaYaga } from './baba-yaga/narrate';
import { BalBoard, BalBreakdown } from './bal-des-sorcieres/Board';
import { narrateBal } from './bal-des-sorcieres/narrate';
import { namesAtLine } from '../table/seats';
import { seatsFromOne } from './seat_text';

export interface BoardProps {
  session: Session;
  act: (action: string) => boolean;
  // A move as the person wrote it, for the server to read (not only the offered texts).
  actText: (action: string) => boolean;
  names: string[];
  // A seat setting sent whatever the legal actions ("forced auto", "forced ask"); absent, the
  // board offers no such setting.
  setting?: (text: string) => boolean;
}

export interface GameUi {
  title: string;
  Board: FunctionComponent<BoardProps>;
  Breakdown: FunctionComponent<{ session: Session; names: string[] }>;
  // The event in the page's language, or null to show the server's English text (its seats
  // counted from 1, see seat_text.ts).
  narrate?: (line: LogLine, names: string[]) => string | null;
}

const games: Record<string, GameUi> = {
  sortileges: { title: 'Sortilèges', Board: SortilegesBoard, Breakdown: SortilegesBreakdown, narrate: narrateSortileges },
  'du-balai': { title: 'Du Balai !', Board: DuBalaiBoard, Breakdown: DuBalaiBreakdown, narrate: narrateDuBalai },
  'baba-yaga': { title: 'Baba Yaga', Board: BabaYagaBoard, Breakdown: BabaYagaBreakdown, narrate: narrateBabaYaga },
  'bal-des-sorcieres': { title: 'Le Bal des Sorcières', Board: BalBoard, Breakdown: BalBreakdown, narrate: narrateBal },
};

// Each line is narrated with the names of its time (a stand-in is named on the lines it played);
// a line no narrator tells shows the server's text with its seats as the page numbers them.
function atLineTime(narrate: NonNullable<GameUi['narrate']>): GameUi['narrate'] {
  return (line, names) => {
    const then = namesAtLine(line, names);
    return narrate(line, then) ?? (line.text ? seatsFromOne(line.text, then) : null);
  };
}
for (const g of Object.values(games)) if (g.narrate) g.narrate = atLineTime(g.narrate);

export function boardFor(id: string): GameUi | undefined {
  return games[id];
}
