// The canonical action texts of Le Bal des Sorcières (src/games/bal-des-sorcieres/actions.cpp)
// read into their parts, and written back: the board composes an attack from its parts and
// sends it only when the server's legal list holds that very text. A text this page does not
// know parses to null and stays a plain button.

export type BalAction =
  | { type: 'attack'; target: number | 'all'; count: number; colour: string; spell: string | null }
  | { type: 'parry'; spell: string | null; abracadabra: boolean }
  | { type: 'balai' | 'lose' | 'miroir'; target: number }
  | { type: 'baguette' | 'take' | 'pass' | 'keep' | 'nananere' | 'boule' | 'time-up' }
  | { type: 'lutin'; tresor: boolean }
  | { type: 'throw' | 'drop' | 'discard' | 'give'; kind: string };

// In the incantation mode the formulas read follow the move after " : "; the move is read alone.
export function parseAction(text: string): BalAction | null {
  const a = text.split(' : ')[0];
  let m;
  // A Sortilège may have a Trésor magique beside it: the spell part is then "sortilege + tresor".
  if ((m = /^attack (\d+|all) with ([12]) ([a-z]+)(?: \+ ([a-z]+(?: \+ tresor)?))?$/.exec(a)))
    return { type: 'attack', target: m[1] === 'all' ? 'all' : Number(m[1]), count: Number(m[2]), colour: m[3], spell: m[4] ?? null };
  if (a === 'parry with abracadabra') return { type: 'parry', spell: 'abracadabra', abracadabra: true };
  if ((m = /^parry(?: \+ ([a-z]+))?$/.exec(a))) return { type: 'parry', spell: m[1] ?? null, abracadabra: false };
  if ((m = /^(balai|lose|miroir) (\d+)$/.exec(a))) return { type: m[1] as 'balai' | 'lose' | 'miroir', target: Number(m[2]) };
  if (a === 'baguette' || a === 'take' || a === 'pass' || a === 'keep' || a === 'nananere' || a === 'boule' || a === 'time-up') return { type: a };
  if (a === 'lutin' || a === 'lutin + tresor') return { type: 'lutin', tresor: a !== 'lutin' };
  if ((m = /^(throw|drop|discard|give) ([a-z]+)$/.exec(a))) return { type: m[1] as 'throw' | 'drop' | 'discard' | 'give', kind: m[2] };
  return null;
}

// The attack's parts chosen so far in the board; null where nothing is chosen yet.
export interface AttackChoice {
  potions: string | null; // "2 rouge"
  spell: string; // '' for none
  target: string | null; // "2" or "all"
}

export function attackText(c: AttackChoice): string | null {
  if (!c.potions || c.target === null) return null;
  return `attack ${c.target} with ${c.potions}${c.spell ? ` + ${c.spell}` : ''}`;
}

export interface AttackOptions {
  potions: { value: string; count: number; colour: string }[];
  spells: string[]; // '' first when an attack without a spell is allowed
  targets: string[];
}

// Every value of each part that some legal attack uses, in the order of the legal list.
export function attackOptions(legal: string[]): AttackOptions {
  const potions: AttackOptions['potions'] = [];
  const spells: string[] = [];
  const targets: string[] = [];
  for (const a of legal) {
    const p = parseAction(a);
    if (!p || p.type !== 'attack') continue;
    const value = `${p.count} ${p.colour}`;
    if (!potions.some((x) => x.value === value)) potions.push({ value, count: p.count, colour: p.colour });
    const spell = p.spell ?? '';
    if (!spells.includes(spell)) spells.push(spell);
    const target = String(p.target);
    if (!targets.includes(target)) targets.push(target);
  }
  spells.sort((a, b) => (a === '' ? -1 : b === '' ? 1 : 0));
  return { potions, spells, targets };
}

// One part chosen: the other parts stay when some legal attack still goes with all of them;
// otherwise the one that cannot goes (Sortilège attacks "all", and "all" needs Sortilège).
export function choose(legal: string[], c: AttackChoice, part: keyof AttackChoice, value: string): AttackChoice {
  const out = chooseLoose(legal, c, part, value);
  // A Sortilège has one target, "all": chosen with it.
  if (out.target === null) {
    const targets = attackOptions(legal).targets.filter((tg) => fitsAny(legal, { ...out, target: tg }));
    if (targets.length === 1) return { ...out, target: targets[0] };
  }
  return out;
}

function fitsAny(legal: string[], x: AttackChoice): boolean {
  return legal.some((a) => {
    const p = parseAction(a);
    if (!p || p.type !== 'attack') return false;
    return (x.potions === null || `${p.count} ${p.colour}` === x.potions) && (p.spell ?? '') === x.spell && (x.target === null || String(p.target) === x.target);
  });
}

function chooseLoose(legal: string[], c: AttackChoice, part: keyof AttackChoice, value: string): AttackChoice {
  const next = { ...c, [part]: value } as AttackChoice;
  const fits = (x: AttackChoice) => fitsAny(legal, x);
  if (fits(next)) return next;
  if (part !== 'target' && fits({ ...next, target: null })) return { ...next, target: null };
  if (part !== 'spell') {
    const spell = attackOptions(legal).spells.find((s) => fits({ ...next, spell: s }));
    if (spell !== undefined) return { ...next, spell };
  }
  if (part !== 'potions' && fits({ ...next, potions: null })) return { ...next, potions: null };
  return { potions: part === 'potions' ? value : null, spell: part === 'spell' ? value : '', target: part === 'target' ? value : null };
}

// The incantation mode: a move that lays cards down is offered once for each way of reading it
// right ("move : formula; formula") and once as a slip ("move : ?"). The board shows each move
// once; a move read aloud asks for its formulas before anything is sent.
export interface Spoken {
  moves: string[]; // each move once, in the legal list's order
  readings: Map<string, string[][]>; // a move read aloud → its right readings, formula by formula
}

export function spokenMoves(legal: string[]): Spoken {
  const moves: string[] = [];
  const seen = new Set<string>();
  const readings = new Map<string, string[][]>();
  for (const a of legal) {
    const at = a.indexOf(' : ');
    const move = at < 0 ? a : a.slice(0, at);
    if (!seen.has(move)) {
      seen.add(move);
      moves.push(move);
    }
    if (at < 0) continue;
    const said = a.slice(at + 3);
    const list = readings.get(move) ?? [];
    if (said !== '?') list.push(said.split('; '));
    readings.set(move, list);
  }
  return { moves, readings };
}

// How many formulas a move reads, and every formula its right readings use: the cards of the
// hand it may lay down, each as printed.
export function formulasOf(readings: string[][]): { count: number; formulas: string[] } {
  const formulas: string[] = [];
  for (const r of readings) for (const f of r) if (!formulas.includes(f)) formulas.push(f);
  return { count: readings[0]?.length ?? 0, formulas };
}
