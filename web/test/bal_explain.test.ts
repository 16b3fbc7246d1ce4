// Le Bal des Sorcières: the rule said at the moment it bites (a reaction window, a Tour de Table,
// the Grand Sabbat, the Chat Noir) and the first-game aid's why of the last attack, in both
// languages, read only from the seat's view and the log lines it received
// (docs/rules/bal-des-sorcieres.md, "Reaction windows", "A round", "An attack").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../src/i18n/i18n';
import { balMoment, balWhy, clockShown, windowSeconds } from '../src/games/bal-des-sorcieres/explain';

const names = ['Morgane', 'Circé', 'Hécate'];
const line = (kind: string, text: string) => ({ seq: 1, kind, text, data: {} });
const window = (extra: object) => ({ kind: 'turn', cards: ['nananere'], opened: 20000, until: 30000, min_until: 21500, ...extra });

test('reaction window (turn): when it opens, who may answer, what passing means; nobody told who is asked', () => {
  setLang('en');
  const v = { phase: 'window', round: 1, tour: 1, carabosse: 1, first_player: 0, window: window({}) };
  assert.deepEqual(balMoment(v, [], names), [
    'A reaction window: Carabosse has just reached Circé. Before she attacks, a witch who holds My Turn, Nyah-Nyah! may attack in her place; Circé then loses her turn.',
    'Only a witch who holds such a card is asked, and nobody sees who; the others pass at once. It closes when those asked have answered (after 1.5 s at least, 10 s at most), and the game goes on.',
  ]);
  // The witch asked: what her choice does, and which card wins when several are played.
  const asked = balMoment({ ...v, window: window({ asked: true, answer: null, cards: ['nananere', 'boule'] }) }, [], names);
  assert.match(asked[0], /Crystal Ball may swap a card with each neighbour/);
  assert.equal(asked[1], 'You hold one: play it, or let it pass and keep it. Your answer stays secret until the window closes; if several witches play, the first clockwise from the left of Circé takes effect.');
  setLang('fr');
  assert.deepEqual(balMoment(v, [], names), [
    'Une fenêtre de réaction\u00a0: Carabosse vient d’arriver à Circé. Avant qu’elle attaque, une sorcière qui tient À moi, nananère\u202f! peut attaquer à sa place\u202f; Circé perd alors son tour.',
    'Seule une sorcière qui tient une telle carte est sollicitée, et personne ne voit laquelle\u202f; les autres passent aussitôt. Elle se ferme quand les sollicitées ont répondu (après 1,5 s au moins, 10 s au plus), et le jeu continue.',
  ]);
  setLang('en');
});

// A window opened 20 s into the game closes 10 s later at most: the banner says 10 s, not the
// game clock's 30 s (which grew to hundreds of seconds over a game).
test('reaction window: its longest time is counted from its opening, not from the game\'s start', () => {
  setLang('en');
  assert.equal(windowSeconds(window({})), '10');
  assert.equal(windowSeconds(window({ opened: 480000, until: 490000 })), '10');
  assert.equal(t('bal_other_window', { s: windowSeconds(window({})) }), 'A reaction window is open, for 10 s at most');
  setLang('fr');
  assert.equal(windowSeconds(window({ opened: 480000, until: 481500 })), '1,5');
  setLang('en');
});

test('reaction window (mirror): the defender named, the order counted from the attacker', () => {
  setLang('en');
  const v = { phase: 'window', round: 2, tour: 1, carabosse: 0, first_player: 0, attack: { attacker: 0, defender: 2 }, window: window({ kind: 'mirror', cards: ['miroir'], asked: true, answer: 'miroir 1' }) };
  const said = balMoment(v, [], names);
  assert.equal(said[0], 'A reaction window: an attack is laid. Before Hécate answers, a witch who holds Mirror, Mirror (not the attacker) may double this attack on a third witch.');
  assert.equal(said[1], 'Your answer is given; it stays secret until the window closes. If several witches play, the first clockwise from the left of Morgane takes effect.');
});

test('Tour de Table, Grand Sabbat, Chat Noir: said when they happen, gone after the next attack', () => {
  setLang('en');
  const v = { phase: 'attack', round: 1, tour: 1, carabosse: 0, first_player: 0 };
  assert.deepEqual(balMoment(v, [], names), [
    'The Witches’ Ball begins. Morgane holds Carabosse: whoever holds it attacks once, then passes it to her left. Morgane, the first player, holds the Black Cat: when Carabosse comes back to her, the cat turns and the second round of the table begins.',
  ]);
  const attacked = [line('played', 'Seat 0: attack 1 with 1 rouge')];
  assert.deepEqual(balMoment({ ...v, carabosse: 1 }, attacked, names), []);
  const tour = [...attacked, line('tour', 'The Chat Noir turns: second Tour de Table.')];
  assert.deepEqual(balMoment({ ...v, tour: 2 }, tour, names), [
    'The Black Cat has turned: Carabosse came back to Morgane, so the second round of the table begins. When Carabosse comes back to her again, the round ends and her left neighbour becomes the first player.',
  ]);
  const sabbat = [...tour, line('grand-sabbat', 'Round 2: Grand Sabbat; Seat 1 holds Carabosse and the Chat Noir.')];
  setLang('fr');
  assert.deepEqual(balMoment({ ...v, round: 2, carabosse: 1, first_player: 1 }, sabbat, names), [
    'Grand Sabbat\u00a0: une nouvelle manche. Chaque sorcière a pioché une carte par Crapzouille vivant, jusqu’à 10 en main.',
    'Premier Tour de Table\u00a0: Circé tient Carabosse et attaque la première\u202f; chaque sorcière à tour de rôle vers la gauche attaque une fois, jusqu’à ce que Carabosse revienne à Circé, qui tient le Chat Noir.',
  ]);
  // A page opened in the middle of a game (no lines yet) says nothing of a start it did not see.
  assert.deepEqual(balMoment({ ...v, round: 3 }, [], names), []);
  assert.deepEqual(balMoment({ ...v, phase: 'over' }, [], names), []);
  setLang('en');
});

test('why: a parry wins a card; a parried Fantôme costs its player; a loss taken for want of a colour', () => {
  setLang('en');
  const parried = [line('played', 'Seat 0: attack 1 with 2 rouge + fantome'), line('played', 'Seat 1: parry'), line('card-won', 'Seat 1 parries and wins a card.')];
  assert.deepEqual(balWhy(parried, names), [
    'Circé parried, a potion of the same colour for each attacking potion: she loses nothing and wins a card.',
    'A parried Ghost turns against its player: Morgane loses a Crapzouille.',
  ]);
  const taken = [line('played', 'Seat 2: attack 0 with 1 vert'), line('played', 'Seat 0: take')];
  setLang('fr');
  assert.deepEqual(balWhy(taken, names), [
    'Morgane a subi la perte, faute d’une potion d’une couleur de l’attaque\u00a0: elle perd un Crapzouille (deux contre Fantôme\u202f; Envoûtement le capture) et l’attaquante gagne une carte.',
  ]);
  setLang('en');
  // Only the last attack counts.
  assert.deepEqual(balWhy([...parried, ...taken], names).length, 1);
  assert.deepEqual(balWhy([], names), []);
});

test('why: Du balai, Baguette magique, Sortilège, farces, Mon beau miroir, À moi nananère !, a slip', () => {
  setLang('en');
  const balai = [line('played', 'Seat 0: attack 1 with 1 bleu'), line('played', 'Seat 1: balai 2'), line('played', 'Seat 2: parry with abracadabra')];
  assert.deepEqual(balWhy(balai, names), [
    'Circé sent the attack on to Hécate with Sweep Away: Hécate must answer it, and may not send it back to her.',
    'Hécate parried, Abracadabra standing for the one potion she lacked (never a grey one): she loses nothing and wins a card.',
  ]);
  const sortilege = [line('played', 'Seat 0: attack all with 1 jaune + sortilege'), line('played', 'Seat 1: baguette'), line('played', 'Seat 2: take')];
  const s = balWhy(sortilege, names);
  assert.match(s[0], /^Sorcery attacks every other witch/);
  assert.match(s[1], /^Circé cancelled the Sorcery for herself alone with Magic Wand/);
  assert.equal(s[2], 'Hécate took the loss, lacking a potion of a colour asked: she loses a Crapzouille.');
  const baguette = [line('played', 'Seat 0: attack 1 with 1 bleu'), line('played', 'Seat 1: baguette')];
  assert.deepEqual(balWhy(baguette, names), ['Circé cancelled the attack with Magic Wand: nobody wins or loses, Morgane takes her cards back and her turn ends.']);
  const farce = [line('played', 'Seat 2: lutin'), line('farce', 'Seat 2 draws two farce tokens: both white, the farce fails.')];
  assert.deepEqual(balWhy(farce, names), ['Hécate drew two white tokens: the prank asks for nothing and fails.']);
  const mirrored = [line('played', 'Seat 0: attack 1 with 1 bleu'), line('window-closed', 'The reaction window closes: seat 2 answers.'), line('played', 'Seat 2: miroir 0'), line('miroir', 'Seat 2 plays Mon beau miroir: the attack will be doubled on seat 0.')];
  assert.deepEqual(balWhy(mirrored, names), ['Hécate played Mirror, Mirror: once this attack is over, the same potions fall on Morgane, as an attack by Hécate.']);
  const nananere = [
    line('played', 'Seat 0: attack 1 with 1 bleu'),
    line('played', 'Seat 1: take'),
    line('window-closed', 'The reaction window closes: seat 2 answers.'),
    line('played', 'Seat 2: nananere'),
    line('nananere', "Seat 2 plays À moi, nananère ! and attacks in seat 1's place."),
    line('played', 'Seat 2: attack 0 with 1 vert'),
    line('played', 'Seat 0: parry : Crotte de hibou'),
  ];
  setLang('fr');
  assert.deepEqual(balWhy(nananere, names), [
    'Hécate a joué À moi, nananère\u202f! quand Carabosse est arrivée à Circé\u00a0: elle a attaqué à sa place, et Circé a perdu son tour.',
    'Morgane a paré, une potion de la même couleur pour chaque potion d’attaque\u00a0: elle ne perd rien et gagne une carte.',
  ]);
  setLang('en');
  const slip = [line('played', 'Seat 0: attack 1 with 1 bleu : ?'), line('mispronounced', 'Seat 0 mispronounces a formula: the move is cancelled.')];
  assert.deepEqual(balWhy(slip, names), ['Morgane mispronounced a formula: her attack is cancelled and her turn passes.']);
  const parrySlip = [line('played', 'Seat 0: attack 1 with 1 bleu'), line('played', 'Seat 1: parry : ?'), line('mispronounced', 'Seat 1 mispronounces a formula: the move is cancelled.')];
  assert.deepEqual(balWhy(parrySlip, names), ['Circé mispronounced a formula: her answer is cancelled, as if she had not parried.']);
});

test('French plurals of the Crapzouilles: 1 mort, 2 morts, 1 vivant (web/test/words.test.ts rules)', () => {
  setLang('fr');
  assert.equal(t('bal_dead', { n: 1 }), '1 mort');
  assert.equal(t('bal_dead', { n: 2 }), '2 morts');
  assert.equal(t('bal_alive', { n: 1 }), '1 vivant');
  assert.equal(t('bal_held_by', { n: 3, name: 'Circé' }), '3 retenus par Circé');
  setLang('en');
});

test('clock: only a reaction window shows its countdown; a turn\'s least time, before the table plays a forced move, is no limit on a witch with a choice', () => {
  assert.equal(clockShown({ phase: 'window' }), true);
  for (const phase of ['attack', 'parry', 'remake', 'inherit', 'restock', 'lose', 'boule', 'over']) assert.equal(clockShown({ phase }), false, phase);
  assert.equal(clockShown(null), false);
});
