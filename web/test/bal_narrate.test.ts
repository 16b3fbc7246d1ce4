// The log of Le Bal des Sorcières in the page's language: its events carry no data, so each is
// read from the server's English text (src/games/bal-des-sorcieres/rules.cpp, legal.cpp).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang } from '../src/i18n/i18n';
import { narrateBal } from '../src/games/bal-des-sorcieres/narrate';

const names = ['Morgane', 'Circé', 'Hécate'];
const line = (kind: string, text: string) => ({ seq: 1, kind, text, data: {} });

test('bal log: attacks in French, potions agreeing with their colour, spells by their names', () => {
  setLang('fr');
  assert.equal(narrateBal(line('played', 'Seat 0: attack 2 with 2 rouge + fantome'), names), 'Morgane attaque Hécate avec 2 potions rouges et Fantôme.');
  assert.equal(narrateBal(line('played', 'Seat 1: attack 0 with 1 vert'), names), 'Circé attaque Morgane avec 1 potion verte.');
  assert.equal(narrateBal(line('played', 'Seat 2: attack all with 1 gris + sortilege'), names), 'Hécate lance un Sortilège sur toutes les sorcières avec 1 potion grise.');
  setLang('en');
  assert.equal(narrateBal(line('played', 'Seat 0: attack 1 with 2 bleu + tresor'), names), 'Morgane attacks Circé with 2 blue potions and Magic Treasure.');
});

test('bal log: every answer to an attack, and the moves after it', () => {
  setLang('en');
  const told = (a: string) => narrateBal(line('played', `Seat 1: ${a}`), names);
  assert.equal(told('parry'), 'Circé parries.');
  assert.equal(told('parry + remede'), 'Circé parries and plays Remedy.');
  assert.equal(told('parry with abracadabra'), 'Circé parries, Abracadabra standing for the missing potion.');
  assert.equal(told('balai 2'), 'Circé sends the attack on to Hécate with Sweep Away.');
  assert.equal(told('baguette'), 'Circé cancels the attack with Magic Wand; the attacker takes her cards back.');
  assert.equal(told('take'), 'Circé does not parry and takes the loss.');
  assert.equal(told('lutin'), 'Circé plays Prankster Imp: a prank on herself.');
  assert.equal(told('pass'), 'Circé has no potion left and passes Carabosse on.');
  assert.equal(told('throw jaune'), 'Circé throws yellow (Magic Trick).');
  assert.equal(told('keep'), 'Circé keeps the rest and draws as many cards as she threw.');
  assert.equal(told('drop envoutement'), 'Circé drops Bewitchment from her inherited hand.');
  assert.equal(told('lutin + tresor'), 'Circé plays Prankster Imp with Magic Treasure: a prank on herself.');
  assert.equal(told('attack all with 1 bleu + sortilege + tresor'), 'Circé casts Sorcery on every witch with 1 blue potion and Magic Treasure.');
});

test('bal log: plus assez de cartes, and whose Crapzouille is lost, in both languages', () => {
  setLang('en');
  const told = (a: string) => narrateBal(line('played', `Seat 1: ${a}`), names);
  assert.equal(told('discard miroir'), 'Circé has no potion and throws Mirror, Mirror face up.');
  assert.equal(told('lose 1'), 'Circé loses one of her own Crapzouilles.');
  assert.equal(told('lose 2'), 'Circé loses a captive Crapzouille of Hécate.');
  assert.equal(narrateBal(line('restock', 'Seat 2 has thrown two spells and draws two cards.'), names), 'Hécate has thrown two spells and draws two cards.');
  setLang('fr');
  assert.equal(told('discard nananere'), 'Circé n’a plus de potion et défausse À moi, nananère\u202f! face visible.');
  assert.equal(told('lose 0'), 'Circé perd un Crapzouille captif de Morgane.');
  assert.equal(narrateBal(line('restock', 'Seat 2 has thrown two spells and draws two cards.'), names), 'Hécate a défaussé deux sorts et pioche deux cartes.');
  setLang('en');
});

test('bal log: the outcome of an exchange, cards won and Crapzouilles lost or captured, in both languages', () => {
  setLang('en');
  const told = (kind: string, text: string) => narrateBal(line(kind, text), names);
  assert.equal(told('card-won', 'Seat 1 parries and wins a card.'), 'Circé wins a card for her parry.');
  assert.equal(told('card-won', 'Seat 0 wins a card: the attack succeeds.'), 'Morgane wins a card: the attack succeeds.');
  assert.equal(told('crapzouille-lost', 'Seat 2 loses a Crapzouille; 7 left.'), 'Hécate loses a Crapzouille; 7 left.');
  assert.equal(told('crapzouille-lost', 'Seat 2 loses a captive Crapzouille, back dead to seat 0; 3 left.'), 'Hécate loses a captive Crapzouille, back dead to Morgane; 3 left.');
  assert.equal(told('captured', 'Seat 0 captures a Crapzouille from seat 1.'), 'Morgane captures a Crapzouille from Circé.');
  assert.equal(told('captured', 'Seat 0 captures a Crapzouille of seat 2 from seat 1.'), 'Morgane captures a Crapzouille of Hécate from Circé.');
  setLang('fr');
  assert.equal(told('card-won', 'Seat 1 parries and wins a card.'), 'Circé gagne une carte pour sa parade.');
  assert.equal(told('card-won', 'Seat 0 wins a card: the attack succeeds.'), 'Morgane gagne une carte : l’attaque réussit.');
  assert.equal(told('crapzouille-lost', 'Seat 2 loses a Crapzouille; 7 left.'), 'Hécate perd un Crapzouille ; il lui en reste 7.');
  assert.equal(told('crapzouille-lost', 'Seat 2 loses a captive Crapzouille, back dead to seat 0; 3 left.'), 'Hécate perd un Crapzouille captif, rendu mort à Morgane ; il lui en reste 3.');
  assert.equal(told('captured', 'Seat 0 captures a Crapzouille from seat 1.'), 'Morgane capture un Crapzouille de Circé.');
  assert.equal(told('captured', 'Seat 0 captures a Crapzouille of seat 2 from seat 1.'), 'Morgane capture chez Circé un Crapzouille de Hécate.');
  setLang('en');
});

test('bal log: farces, eliminations, the Chat Noir and the Grand Sabbat in French', () => {
  setLang('fr');
  assert.equal(narrateBal(line('farce', 'Seat 2 draws two farce tokens.'), names), 'Hécate tire deux pions farce.');
  assert.equal(narrateBal(line('farce', 'Seat 2 draws two farce tokens: both white, the farce fails.'), names), 'Hécate tire deux pions farce : tous deux blancs, la farce échoue.');
  assert.equal(narrateBal(line('eliminated', 'Seat 1 has lost her last Crapzouille and leaves the ball.'), names), 'Circé a perdu son dernier Crapzouille et quitte le bal.');
  assert.equal(narrateBal(line('tour', 'The Chat Noir turns: second Tour de Table.'), names), 'Le Chat Noir se retourne : second Tour de Table.');
  assert.equal(narrateBal(line('grand-sabbat', 'Round 3: Grand Sabbat; Seat 1 holds Carabosse and the Chat Noir.'), names), 'Manche 3 : Grand Sabbat ; Circé tient Carabosse et le Chat Noir.');
  setLang('en');
});

test('bal log: players of one name are told apart by their witches', () => {
  setLang('en');
  const bots = ['Morgane', 'Bot (normal)', 'Bot (normal)'];
  assert.equal(narrateBal(line('played', 'Seat 1: attack 2 with 1 rouge'), bots), 'Bot (normal) · Edmée attacks Bot (normal) · Ursule with 1 red potion.');
  assert.equal(narrateBal(line('played', 'Seat 2: attack 0 with 1 rouge'), bots), 'Bot (normal) · Ursule attacks Morgane with 1 red potion.');
});

test('bal log: the reaction windows and the incantation mode, in both languages', () => {
  setLang('en');
  const told = (a: string) => narrateBal(line('played', `Seat 1: ${a}`), names);
  assert.equal(told('miroir 2'), 'Circé plays Mirror, Mirror on Hécate.');
  assert.equal(told('nananere'), 'Circé plays My Turn, Nyah-Nyah!');
  assert.equal(told('boule'), 'Circé plays Crystal Ball.');
  assert.equal(told('give vert'), 'Circé lays green face down.');
  assert.equal(told('attack 2 with 1 rouge : Queue de lézard'), 'Circé attacks Hécate with 1 red potion.');
  assert.equal(narrateBal(line('played', 'Seat 2 lays a card face down'), names), 'Hécate lays a card face down.');
  assert.equal(narrateBal(line('window-pass', 'Seat 0 lets the reaction window pass.'), names), 'Morgane lets the reaction window pass.');
  assert.equal(narrateBal(line('window-closed', 'The reaction window closes: seat 1 answers.'), names), 'The reaction window closes: Circé answers.');
  assert.equal(narrateBal(line('window-closed', 'The reaction window closes.'), names), 'The reaction window closes.');
  assert.equal(narrateBal(line('nananere', "Seat 2 plays À moi, nananère ! and attacks in seat 0's place."), names), 'Hécate attacks in place of Morgane, who loses her turn.');
  assert.equal(narrateBal(line('miroir', 'Seat 1 plays Mon beau miroir: the attack will be doubled on seat 2.'), names), 'The attack will be doubled on Hécate (Mirror, Mirror by Circé).');
  assert.equal(narrateBal(line('doubled', 'The doubled attack of Mon beau miroir falls on seat 2.'), names), 'The doubled attack falls on Hécate.');
  assert.equal(narrateBal(line('boule', 'Seat 0 plays Boule de cristal: she and her neighbours each lay a card face down.'), names), 'Morgane and her neighbours each lay a card face down (Crystal Ball).');
  assert.equal(narrateBal(line('boule-done', 'The Boule de cristal cards change hands.'), names), 'The Crystal Ball cards change hands.');
  assert.equal(narrateBal(line('mispronounced', 'Seat 1 mispronounces a formula: the move is cancelled.'), names), 'Circé mispronounces a formula: the move is cancelled.');
  setLang('fr');
  assert.equal(narrateBal(line('window-pass', 'Seat 0 lets the reaction window pass.'), names), 'Morgane laisse passer la fenêtre de réaction.');
  assert.equal(told('miroir 0'), 'Circé joue Mon beau miroir sur Morgane.');
  setLang('en');
});

test('bal log: texts the page cannot read keep the server words', () => {
  setLang('en');
  assert.equal(narrateBal(line('played', 'Seat 1: sing 2'), names), null);
  assert.equal(narrateBal(line('played', 'somebody did something'), names), null);
  assert.equal(narrateBal(line('window', 'Seat 1 may play Mon beau miroir.'), names), null);
  assert.equal(narrateBal(line('eliminated', 'A witch leaves.'), names), null);
});
