// The log of Baba Yaga in the page's language, from the events' data (and the French names the
// server's text carries); a turned tile is told by neither its cell nor its ingredient.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { narrateBabaYaga } from '../src/games/baba-yaga/narrate';

const names = ['Morgane', 'Circé', 'Hécate'];
const line = (kind: string, text: string, data: unknown) => ({ seq: 1, kind, text, data });

test('log: turning a tile names neither the tile nor its ingredient, in both languages (memory is the game)', () => {
  const e = line('turned', 'Seat 0 turns A1: Oeuf de poule noire (not on her card)', { cell: 'A1', ingredient: 'Oeuf de poule noire', seat: 0, wanted: false });
  setLang('en');
  assert.equal(narrateBabaYaga(e, names), 'Morgane turns a tile: not on her card.');
  assert.equal(narrateBabaYaga(line('turned', 'Seat 0 turns a tile: on her card', { seat: 0, wanted: true }), names), 'Morgane turns a tile: on her card.');
  setLang('fr');
  // Whatever no-break space French typography puts before the colon.
  assert.equal(narrateBabaYaga(e, names)!.replace(/[\u00a0\u202f]/g, ' '), 'Morgane retourne une tuile : pas sur sa carte.');
  const bare = line('turned', 'Seat 0 turns A1: Oeuf de poule noire', {});
  const told = narrateBabaYaga(bare, names)!;
  assert.ok(!told.includes('Oeuf') && !told.includes('A1'), 'missing data still hides the tile and the ingredient');
  setLang('en');
  assert.equal(narrateBabaYaga(line('back', 'Seat 0 turns A1 back', { cell: 'A1', seat: 0 }), names), 'Morgane turns the tile back.');
});

test('log: a placement, a move, a cast spell and a target in French', () => {
  setLang('fr');
  const placed = line(
    'placed',
    'Seat 1 places Baba Yaga at the west end; seat 0 reveals her spell and the flight begins',
    { end: 'west', length: 5 },
  );
  assert.equal(narrateBabaYaga(placed, names), 'Circé place Baba Yaga à l’extrémité ouest ; Morgane révèle son sort et le vol commence.');
  assert.equal(narrateBabaYaga(line('moved', 'Baba Yaga flies to D3 (3/8)', { by: 2, moves: 3, total: 8 }), names), 'Hécate fait voler Baba Yaga jusqu’à D3 (3/8).');
  assert.equal(narrateBabaYaga(line('moved', 'Baba Yaga flies to the extra tile (5/10)', { by: 2, moves: 5, total: 10 }), names), 'Hécate fait voler Baba Yaga jusqu’à la tuile supplémentaire (5/10).');
  assert.equal(narrateBabaYaga(line('cast', 'Baba Yaga is home: seat 0 casts Grosse fatigue ! (3 ingredients found)', { card: 18, found: 3, seat: 0 }), names), 'Baba Yaga est rentrée : Morgane lance Grosse fatigue ! (3 ingrédients trouvés).');
  assert.equal(narrateBabaYaga(line('targeted', 'Grosse fatigue ! lies in front of seat 1 for her next turn as searcher', { effect: 'grosse-fatigue', seat: 1 }), names), 'Grosse fatigue ! est posé devant Circé pour son prochain tour de joueur actif.');
  setLang('en');
});

test('log: a turn with a handicap, a failed spell, the end', () => {
  setLang('en');
  assert.equal(
    narrateBabaYaga(line('turn', 'Turn 9: seat 0 searches the forest; 3 ingredients needed; Lumière aveuglante ! hides half of the forest from her', { need: 3, searcher: 0, turn: 9 }), names),
    'Turn 9: Morgane searches the forest; 3 ingredients needed. Blinding Light! hides half of the forest from her.',
  );
  assert.equal(
    narrateBabaYaga(line('failed', "Baba Yaga is home: seat 2's spell fails (1 of 3 ingredients found, a wrong one showing); the card goes under her pile", { card: 4, found: 1, seat: 2 }), names),
    'Baba Yaga is home: Hécate’s spell fails (1 of 3 ingredients found, a wrong one showing); the card goes under her pile.',
  );
  assert.equal(narrateBabaYaga(line('over', 'Seat 0 casts her third spell and escapes the forest: she wins', { winner: 0 }), names), 'Morgane casts her third spell and escapes the forest: she wins!');
  assert.equal(narrateBabaYaga(line('over', 'The game stops after 40 turns; the most spells cast wins', { winner: -1 }), names), 'The game stops after 40 turns; the most spells cast wins.');
});

test('log: kinds the page does not know keep the server text', () => {
  assert.equal(narrateBabaYaga(line('something-new', 'x', {}), names), null);
});
