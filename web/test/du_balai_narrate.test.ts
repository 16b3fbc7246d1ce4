// The log of Du Balai ! in the page's language, from the events' data (and, for a spell's
// effect, the server's text, which alone says where each witch came from). The events below
// were taken from races played on `sabbat serve`; the few marked "as narration.cpp writes it"
// are rare ones built from the server's narration code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setLang, t } from '../src/i18n/i18n';
import { spellLabel } from '../src/games/du-balai/labels';
import { narrateDuBalai } from '../src/games/du-balai/narrate';

const names = ['Morgane', 'Circé', 'Hécate', 'Baba', 'Médée', 'Ursule'];
const line = (kind: string, text: string, data: unknown) => ({ seq: 1, kind, text, data });

// The English and the French sentence of one event.
function both(e: ReturnType<typeof line>): [string | null, string | null] {
  setLang('en');
  const en = narrateDuBalai(e, names);
  setLang('fr');
  const fr = narrateDuBalai(e, names);
  setLang('en');
  return [en, fr];
}

test('log: "start", a novice chooses her square', () => {
  assert.deepEqual(both(line('start', 'seat 2 (novice) starts on square 7', { seat: 2, square: 7 })), [
    'Hécate (novice) starts on square 7.',
    'Hécate (novice) part de la case 7.',
  ]);
});

test('log: "book-open", a new turn and a Décret', () => {
  const dice = [
    { colour: 'orange', die: 0, syllable: 'zaam', symbol: 'oreille' },
    { colour: 'black', die: 1, syllable: 'foulzz', symbol: 'tete-de-mort' },
  ];
  assert.deepEqual(both(line('book-open', 'turn 1: the dice are rolled, the book is open', { dice, turn: 1 })), [
    'Turn 1: the dice are rolled, the book is open.',
    'Tour 1 : les dés sont lancés, le grimoire est ouvert.',
  ]);
  // Décret opens the book to its caster with the same data: the text tells them apart.
  assert.deepEqual(both(line('book-open', 'Décret: the book is open to you', { dice, turn: 5 })), [
    'Decree: the book is open to you.',
    'Décret : le grimoire s’ouvre pour vous.',
  ]);
});

test('log: "book-closed", by a closer or by itself', () => {
  assert.deepEqual(both(line('book-closed', 'seat 3 closes the book', { closer: 3 })), ['Baba closes the book.', 'Baba ferme le grimoire.']);
  assert.deepEqual(both(line('book-closed', 'time: the book closes by itself', { closer: null })), [
    'Time is up: the book closes by itself.',
    'Le temps est écoulé : le grimoire se ferme tout seul.',
  ]);
});

test('log: "written" and "your-formula"', () => {
  assert.deepEqual(both(line('written', 'seat 4 has written', { seat: 4 })), ['Médée has written.', 'Médée a écrit.']);
  assert.deepEqual(both(line('your-formula', 'you wrote formula foulzz', { formula: 'formula foulzz', seat: 0 })), [
    'You wrote the formula Foulzz.',
    'Vous avez écrit la formule Foulzz.',
  ]);
  assert.deepEqual(both(line('your-formula', 'you wrote formula boulga stella second arakna', { formula: 'formula boulga stella second arakna', seat: 5 })), [
    'You wrote the formula Boulgâ Stellâ and the second formula Araknâ.',
    'Vous avez écrit la formule Boulgâ Stellâ et la seconde formule Araknâ.',
  ]);
  assert.deepEqual(both(line('your-formula', 'you wrote formula none', { formula: 'formula none', seat: 2 })), [
    'You wrote nothing.',
    'Vous n’avez rien écrit.',
  ]);
});

test('log: "reveal", the dice, the valid symbols and every formula with its verdict', () => {
  const e = line(
    'reveal',
    'the formulas and the dice are revealed. Dice: Nébulô BLACK, Zyeûx BLACK, Bîîî ORANGE, Zyeûx BLACK, Zyeûx ORANGE, Zââm ORANGE, Zââm BLACK, Foulzz ORANGE, Zââm BLACK. Valid ORANGE: Foulzz, Bîîî; valid BLACK: Nébulô; forbidden, shown in both colours: Zââm, Zyeûx. Formulas: seat 3 Foulzz Bîîî Stellâ (forbidden); seat 1 Foulzz Bîîî Araknâ (forbidden); seat 2 Foulzz Bîîî (perfect ORANGE), second formula Nébulô (perfect BLACK); seat 0 Foulzz (valid ORANGE)',
    {
      book: { in_both_colours: ['zaam', 'zyeux'], valid_black: ['nebulo'], valid_orange: ['foulzz', 'biii'] },
      dice: [
        { colour: 'black', die: 0, syllable: 'nebulo', symbol: 'nuage' },
        { colour: 'black', die: 1, syllable: 'zyeux', symbol: 'oeil' },
        { colour: 'orange', die: 2, syllable: 'biii', symbol: 'eclair-fourchu' },
        { colour: 'black', die: 3, syllable: 'zyeux', symbol: 'oeil' },
        { colour: 'orange', die: 4, syllable: 'zyeux', symbol: 'oeil' },
        { colour: 'orange', die: 5, syllable: 'zaam', symbol: 'oreille' },
        { colour: 'black', die: 6, syllable: 'zaam', symbol: 'oreille' },
        { colour: 'orange', die: 7, syllable: 'foulzz', symbol: 'tete-de-mort' },
        { colour: 'black', die: 8, syllable: 'zaam', symbol: 'oreille' },
      ],
      formulas: [
        [{ cards: ['foulzz'], colour: 'orange', counts: true, text: 'formula foulzz' }],
        [{ cards: ['foulzz', 'biii', 'arakna'], counts: true, text: 'formula foulzz biii arakna' }],
        [
          { cards: ['foulzz', 'biii'], colour: 'orange', counts: true, text: 'formula foulzz biii' },
          { cards: ['nebulo'], colour: 'black', counts: false, text: 'formula nebulo' },
        ],
        [{ cards: ['foulzz', 'biii', 'stella'], counts: true, text: 'formula foulzz biii stella' }],
      ],
      order: [3, 1, 2, 0],
    },
  );
  assert.deepEqual(both(e), [
    'The formulas and the dice are revealed. Dice: Nébulô black, Zyeûx black, Bîîî orange, Zyeûx black, Zyeûx orange, Zââm orange, Zââm black, Foulzz orange, Zââm black. ' +
      'Valid in orange: Foulzz, Bîîî; valid in black: Nébulô; forbidden, shown in both colours: Zââm, Zyeûx. ' +
      'Formulas: Baba: Foulzz Bîîî Stellâ (forbidden); Circé: Foulzz Bîîî Araknâ (forbidden); Hécate: Foulzz Bîîî (perfect in orange), second formula Nébulô (perfect in black); Morgane: Foulzz (valid in orange).',
    'Les formules et les dés sont révélés. Dés : Nébulô noir, Zyeûx noir, Bîîî orange, Zyeûx noir, Zyeûx orange, Zââm orange, Zââm noir, Foulzz orange, Zââm noir. ' +
      'Valides en orange : Foulzz, Bîîî ; valides en noir : Nébulô ; interdits, présents dans les deux couleurs : Zââm, Zyeûx. ' +
      'Formules : Baba, Foulzz Bîîî Stellâ (interdite) ; Circé, Foulzz Bîîî Araknâ (interdite) ; Hécate, Foulzz Bîîî (parfaite en orange), seconde formule Nébulô (parfaite en noir) ; Morgane, Foulzz (valide en orange).',
  ]);
});

test('log: "reveal" with no symbol valid in orange', () => {
  const [en, fr] = both(line('reveal', "the formulas and the dice are revealed. Dice: Zââm ORANGE, Foulzz BLACK, Araknâ BLACK, Araknâ ORANGE, Stellâ ORANGE, Zââm ORANGE, Foulzz BLACK, Stellâ BLACK, Zââm BLACK. Valid ORANGE: -; valid BLACK: Foulzz; forbidden, shown in both colours: Zââm, Araknâ, Stellâ. Formulas: seat 3 Foulzz Nébulô Stellâ (forbidden); seat 0 Foulzz (perfect BLACK); seat 2 Foulzz (perfect BLACK); seat 4 Gloû (forbidden); seat 5 Foulzz (perfect BLACK); seat 1 Zââm (forbidden)", {"book": {"in_both_colours": ["zaam", "arakna", "stella"], "valid_black": ["foulzz"], "valid_orange": []}, "dice": [{"colour": "orange", "die": 0, "syllable": "zaam", "symbol": "oreille"}, {"colour": "black", "die": 1, "syllable": "foulzz", "symbol": "tete-de-mort"}, {"colour": "black", "die": 2, "syllable": "arakna", "symbol": "araignee"}, {"colour": "orange", "die": 3, "syllable": "arakna", "symbol": "araignee"}, {"colour": "orange", "die": 4, "syllable": "stella", "symbol": "etoile"}, {"colour": "orange", "die": 5, "syllable": "zaam", "symbol": "oreille"}, {"colour": "black", "die": 6, "syllable": "foulzz", "symbol": "tete-de-mort"}, {"colour": "black", "die": 7, "syllable": "stella", "symbol": "etoile"}, {"colour": "black", "die": 8, "syllable": "zaam", "symbol": "oreille"}], "formulas": [[{"cards": ["foulzz"], "colour": "black", "counts": true, "text": "formula foulzz"}], [{"cards": ["zaam"], "counts": true, "text": "formula zaam"}], [{"cards": ["foulzz"], "colour": "black", "counts": true, "text": "formula foulzz"}], [{"cards": ["foulzz", "nebulo", "stella"], "counts": true, "text": "formula foulzz nebulo stella"}], [{"cards": ["glou"], "counts": true, "text": "formula glou"}], [{"cards": ["foulzz"], "colour": "black", "counts": true, "text": "formula foulzz"}]], "order": [3, 0, 2, 4, 5, 1]}));
  assert.match(en!, /Valid in orange: none; valid in black: Foulzz; forbidden, shown in both colours: Zââm, Araknâ, Stellâ\./);
  assert.match(en!, /Formulas: Baba: Foulzz Nébulô Stellâ \(forbidden\); Morgane: Foulzz \(perfect in black\);/);
  assert.match(fr!, /Valides en orange : aucun ; valides en noir : Foulzz ; interdits, présents dans les deux couleurs : Zââm, Araknâ, Stellâ\./);
  assert.match(fr!, /Formules : Baba, Foulzz Nébulô Stellâ \(interdite\) ; Morgane, Foulzz \(parfaite en noir\) ;/);
});

test('log: "reveal" with a witch who wrote nothing', () => {
  const [en, fr] = both(line('reveal', "the formulas and the dice are revealed. Dice: Nébulô BLACK, Bîîî BLACK, Nébulô BLACK, Nébulô ORANGE, Araknâ BLACK, Nébulô ORANGE, Boulgâ ORANGE, Stellâ BLACK, Stellâ ORANGE. Valid ORANGE: Boulgâ; valid BLACK: Bîîî, Araknâ; forbidden, shown in both colours: Nébulô, Stellâ. Formulas: seat 5 Bîîî Araknâ Stellâ (forbidden); seat 2 none; seat 3 Foulzz Bîîî Araknâ (forbidden); seat 1 Bîîî Araknâ (perfect BLACK); seat 0 Bîîî Araknâ (perfect BLACK); seat 4 Bîîî Araknâ (perfect BLACK)", {"book": {"in_both_colours": ["nebulo", "stella"], "valid_black": ["biii", "arakna"], "valid_orange": ["boulga"]}, "dice": [{"colour": "black", "die": 0, "syllable": "nebulo", "symbol": "nuage"}, {"colour": "black", "die": 1, "syllable": "biii", "symbol": "eclair-fourchu"}, {"colour": "black", "die": 2, "syllable": "nebulo", "symbol": "nuage"}, {"colour": "orange", "die": 3, "syllable": "nebulo", "symbol": "nuage"}, {"colour": "black", "die": 4, "syllable": "arakna", "symbol": "araignee"}, {"colour": "orange", "die": 5, "syllable": "nebulo", "symbol": "nuage"}, {"colour": "orange", "die": 6, "syllable": "boulga", "symbol": "toile"}, {"colour": "black", "die": 7, "syllable": "stella", "symbol": "etoile"}, {"colour": "orange", "die": 8, "syllable": "stella", "symbol": "etoile"}], "formulas": [[{"cards": ["biii", "arakna"], "colour": "black", "counts": true, "text": "formula biii arakna"}], [{"cards": ["biii", "arakna"], "colour": "black", "counts": true, "text": "formula biii arakna"}], [], [{"cards": ["foulzz", "biii", "arakna"], "counts": true, "text": "formula foulzz biii arakna"}], [{"cards": ["biii", "arakna"], "colour": "black", "counts": true, "text": "formula biii arakna"}], [{"cards": ["biii", "arakna", "stella"], "counts": true, "text": "formula biii arakna stella"}]], "order": [5, 2, 3, 1, 0, 4]}));
  assert.match(en!, /Formulas: Ursule: Bîîî Araknâ Stellâ \(forbidden\); Hécate: none; Baba: Foulzz Bîîî Araknâ \(forbidden\); Circé: Bîîî Araknâ \(perfect in black\);/);
  assert.match(fr!, /Formules : Ursule, Bîîî Araknâ Stellâ \(interdite\) ; Hécate, aucune ; Baba, Foulzz Bîîî Araknâ \(interdite\) ; Circé, Bîîî Araknâ \(parfaite en noir\) ;/);
});

test('log: "moved", a witch\'s formula takes effect', () => {
  const closer = line('moved', 'seat 3: formula Foulzz Nébulô Stellâ (forbidden), the closer falls back 2; square 0 → -2', {
    bonus_cancelled: false, fell: false, formulas: [{ cards: ['foulzz', 'nebulo', 'stella'], text: 'formula foulzz nebulo stella' }],
    from: 0, penalty: true, same_colour: false, seat: 3, to: -2, verdicts: ['forbidden'],
  });
  assert.deepEqual(both(closer), [
    'Baba: formula Foulzz Nébulô Stellâ (forbidden), and as the closer she falls back 2 squares; square 0 → -2.',
    'Baba : formule Foulzz Nébulô Stellâ (interdite), et comme elle a fermé le grimoire, elle recule de 2 cases ; case 0 → -2.',
  ]);
  const valid = line('moved', 'seat 2: formula Gloû Stellâ (valid ORANGE); square 8 → 10', {
    bonus_cancelled: false, fell: false, formulas: [{ cards: ['glou', 'stella'], colour: 'orange', text: 'formula glou stella' }],
    from: 8, penalty: false, same_colour: false, seat: 2, to: 10, verdicts: ['valid'],
  });
  assert.deepEqual(both(valid), ['Hécate: formula Gloû Stellâ (valid in orange); square 8 → 10.', 'Hécate : formule Gloû Stellâ (valide en orange) ; case 8 → 10.']);
  const across = line('moved', 'seat 2: formula Zââm Boulgâ Gloû Zyeûx Araknâ (perfect ORANGE), no bonus; square 20 → across the line', {
    bonus_cancelled: true, fell: false, formulas: [{ cards: ['zaam', 'boulga', 'glou', 'zyeux', 'arakna'], colour: 'orange', text: 'formula zaam boulga glou zyeux arakna' }],
    from: 20, penalty: false, same_colour: false, seat: 2, to: 23, verdicts: ['perfect'],
  });
  assert.deepEqual(both(across), [
    'Hécate: formula Zââm Boulgâ Gloû Zyeûx Araknâ (perfect in orange), no bonus; square 20 → across the line.',
    'Hécate : formule Zââm Boulgâ Gloû Zyeûx Araknâ (parfaite en orange), pas de bonus ; case 20 → ligne franchie.',
  ]);
  const two = line('moved', 'seat 2: formula Foulzz Bîîî (perfect ORANGE) and Nébulô (perfect BLACK); square 3 → 8', {
    bonus_cancelled: false, fell: false,
    formulas: [{ cards: ['foulzz', 'biii'], colour: 'orange', text: 'formula foulzz biii' }, { cards: ['nebulo'], colour: 'black', text: 'formula nebulo' }],
    from: 3, penalty: false, same_colour: false, seat: 2, to: 8, verdicts: ['perfect', 'perfect'],
  });
  assert.deepEqual(both(two), [
    'Hécate: formulas Foulzz Bîîî (perfect in orange) and Nébulô (perfect in black); square 3 → 8.',
    'Hécate : formules Foulzz Bîîî (parfaite en orange) et Nébulô (parfaite en noir) ; case 3 → 8.',
  ]);
  const none = line('moved', 'seat 2: no formula; square 7 → 7', {
    bonus_cancelled: false, fell: false, formulas: [], from: 7, penalty: false, same_colour: false, seat: 2, to: 7, verdicts: [],
  });
  assert.deepEqual(both(none), ['Hécate: no formula; square 7 → 7.', 'Hécate : pas de formule ; case 7 → 7.']);
});

test('log: "moved", she falls off her broom', () => {
  const forbidden = line('moved', 'seat 0: formula Zââm Boulgâ Gloû (perfect BLACK) and Bîîî (forbidden), a forbidden formula: she falls off her broom; square 9 → 9', {
    bonus_cancelled: false, fell: true,
    formulas: [{ cards: ['zaam', 'boulga', 'glou'], colour: 'black', text: 'formula zaam boulga glou' }, { cards: ['biii'], text: 'formula biii' }],
    from: 9, penalty: false, same_colour: false, seat: 0, to: 9, verdicts: ['perfect', 'forbidden'],
  });
  assert.deepEqual(both(forbidden), [
    'Morgane: formulas Zââm Boulgâ Gloû (perfect in black) and Bîîî (forbidden), a forbidden formula: she falls off her broom; square 9 → 9.',
    'Morgane : formules Zââm Boulgâ Gloû (parfaite en noir) et Bîîî (interdite), une formule interdite : elle tombe de son balai ; case 9 → 9.',
  ]);
  // Both of one colour, and the closer: as narration.cpp writes it.
  const same = line('moved', 'seat 1: formula Foulzz (valid BLACK) and Nébulô (perfect BLACK), both of one colour: she falls off her broom, the closer falls back 2; square 6 → 4', {
    bonus_cancelled: false, fell: true,
    formulas: [{ cards: ['foulzz'], colour: 'black', text: 'formula foulzz' }, { cards: ['nebulo'], colour: 'black', text: 'formula nebulo' }],
    from: 6, penalty: true, same_colour: true, seat: 1, to: 4, verdicts: ['valid', 'perfect'],
  });
  assert.deepEqual(both(same), [
    'Circé: formulas Foulzz (valid in black) and Nébulô (perfect in black), both of one colour: she falls off her broom, and as the closer she falls back 2 squares; square 6 → 4.',
    'Circé : formules Foulzz (valide en noir) et Nébulô (parfaite en noir), toutes deux de la même couleur : elle tombe de son balai, et comme elle a fermé le grimoire, elle recule de 2 cases ; case 6 → 4.',
  ]);
});

test('log: "drew", "drawn-cards" and "kept", the Magie noire of a perfect black formula', () => {
  assert.deepEqual(both(line('drew', 'seat 2 draws 3 Magie noire and keeps one', { count: 3, seat: 2 })), [
    'Hécate draws 3 black magic cards and keeps one.',
    'Hécate pioche 3 cartes Magie noire et en garde une.',
  ]);
  assert.deepEqual(both(line('drew', 'seat 0 draws 1 Magie noire and keeps one', { count: 1, seat: 0 })), [
    'Morgane draws 1 black magic card and keeps it.',
    'Morgane pioche 1 carte Magie noire et la garde.',
  ]);
  assert.deepEqual(
    both(line('drawn-cards', 'you draw: Acrobatie aérienne (3), Mauvais sort, Acrobatie aérienne (2)', { cards: ['acrobatie-3', 'mauvais-sort', 'acrobatie-2'], seat: 0 })),
    ['You draw: Aerial Acrobatics (3), Hex, Aerial Acrobatics (2).', 'Vous piochez : Acrobatie aérienne (3), Mauvais sort, Acrobatie aérienne (2).'],
  );
  assert.deepEqual(both(line('kept', 'you keep Décret', { card: 'decret', seat: 0 })), ['You keep Decree.', 'Vous gardez Décret.']);
});

test('log: "spell", a Magie noire card is played', () => {
  const spell = (seat: number, action: string, card: string) => line('spell', `seat ${seat}: ${action}`, { action, card, seat });
  assert.deepEqual(both(spell(0, 'play vent-arriere', 'vent-arriere')), ['Morgane plays Tailwind.', 'Morgane joue Vent arrière.']);
  assert.deepEqual(both(spell(2, 'play decret', 'decret')), ['Hécate plays Decree.', 'Hécate joue Décret.']);
  assert.deepEqual(both(spell(5, 'play double-jeu', 'double-jeu')), ['Ursule plays Double Play.', 'Ursule joue Double-jeu.']);
  assert.deepEqual(both(spell(2, 'play blocage', 'blocage')), ['Hécate plays Blockade.', 'Hécate joue Blocage.']);
  assert.deepEqual(both(spell(2, 'play mauvais-sort on 0', 'mauvais-sort')), ['Hécate plays Hex on Morgane.', 'Hécate joue Mauvais sort sur Morgane.']);
  assert.deepEqual(both(spell(3, 'play attraction 2', 'attraction')), [
    'Baba plays Attraction to pull the others 2 squares closer.',
    'Baba joue Attraction pour rapprocher les autres de 2 cases.',
  ]);
  assert.deepEqual(both(spell(2, 'play attraction 1', 'attraction')), [
    'Hécate plays Attraction to pull the others 1 square closer.',
    'Hécate joue Attraction pour rapprocher les autres de 1 case.',
  ]);
  assert.deepEqual(both(spell(0, 'play oubli-repare boulga', 'oubli-repare')), [
    'Morgane plays Mended Slip to add Boulgâ to her formula.',
    'Morgane joue Oubli réparé pour ajouter Boulgâ à sa formule.',
  ]);
  // As move_text writes it (Oubli réparé on a second formula that counts), rare in play.
  assert.deepEqual(both(spell(4, 'play oubli-repare stella to second', 'oubli-repare')), [
    'Médée plays Mended Slip to add Stellâ to her second formula.',
    'Médée joue Oubli réparé pour ajouter Stellâ à sa seconde formule.',
  ]);
  assert.deepEqual(both(spell(2, 'play rectification boulga for zaam', 'rectification')), [
    'Hécate plays Rectification to put Zââm in her formula instead of Boulgâ.',
    'Hécate joue Rectification pour mettre Zââm dans sa formule à la place de Boulgâ.',
  ]);
});

test('log: "brouillard" and "cancelled", a spell answered', () => {
  assert.deepEqual(both(line('brouillard', 'seat 1 plays Brouillard magique', { fogs: 1, seat: 1 })), ['Circé plays Magic Fog.', 'Circé joue Brouillard magique.']);
  assert.deepEqual(both(line('cancelled', 'Attraction is cancelled by Brouillard magique', { card: 'attraction', seat: 0 })), [
    'Morgane’s Attraction is cancelled by Magic Fog.',
    'Morgane voit son sort Attraction annulé par Brouillard magique.',
  ]);
});

test('log: "spell-effect", who moves from where to where', () => {
  const fx = (card: string, seat: number, text: string, squares: number[]) => line('spell-effect', text, { card, seat, squares });
  assert.deepEqual(both(fx('vent-arriere', 5, 'Vent arrière: seat 5 moves forward 5, 1 → 6 (her rank in the race: 5)', [6, 2, 12, -2, 4, 6])), [
    'Tailwind: Ursule moves forward 5 squares (1 → 6); her rank in the race was 5.',
    'Vent arrière : Ursule avance de 5 cases (1 → 6) ; son rang dans la course était 5.',
  ]);
  assert.deepEqual(both(fx('mauvais-sort', 2, 'Mauvais sort: seat 0 moves back 3, 9 → 6', [6, 0, 8, -2, 0, 0])), [
    'Hex: Morgane moves back 3 squares (9 → 6).',
    'Mauvais sort : Morgane recule de 3 cases (9 → 6).',
  ]);
  assert.deepEqual(
    both(fx('attraction', 3, 'Attraction 2 towards seat 3 on square 11: seat 0 moves forward 2, 2 → 4; seat 1 moves back 2, 14 → 12; seat 2 moves back 1, 12 → 11; seat 4 moves back 2, 22 → 20', [4, 12, 11, 11, 20])),
    [
      'Attraction pulls the others 2 squares towards Baba on square 11: Morgane moves forward 2 squares (2 → 4); Circé moves back 2 squares (14 → 12); Hécate moves back 1 square (12 → 11); Médée moves back 2 squares (22 → 20).',
      'Attraction attire les autres de 2 cases vers Baba, sur la case 11 : Morgane avance de 2 cases (2 → 4) ; Circé recule de 2 cases (14 → 12) ; Hécate recule de 1 case (12 → 11) ; Médée recule de 2 cases (22 → 20).',
    ],
  );
  assert.deepEqual(both(fx('blocage', 2, 'Blocage: nobody may pass seat 2 (square 10) for the rest of this turn', [9, 6, 10, 13, 0, 10])), [
    'Blockade: nobody may pass Hécate (square 10) for the rest of this turn.',
    'Blocage : personne ne peut dépasser Hécate (case 10) jusqu’à la fin du tour.',
  ]);
  assert.deepEqual(both(fx('oubli-repare', 0, "Oubli réparé: Boulgâ joins seat 0's formula", [20, 23, 18, 19, 22, 23])), [
    'Mended Slip: Boulgâ joins Morgane’s formula.',
    'Oubli réparé : Morgane ajoute Boulgâ à sa formule.',
  ]);
  assert.deepEqual(both(fx('rectification', 2, "Rectification: seat 2's formula takes Zââm instead of Boulgâ", [21, 21, 18, 19])), [
    'Rectification: Hécate’s formula takes Zââm instead of Boulgâ.',
    'Rectification : Hécate met Zââm dans sa formule à la place de Boulgâ.',
  ]);
  assert.deepEqual(both(fx('double-jeu', 5, "Double-jeu: seat 5's second formula counts", [9, 13, 10, 8, 16, 10])), [
    'Double Play: Ursule’s second formula counts.',
    'Double-jeu : Ursule fait compter sa seconde formule.',
  ]);
});

test('log: "spell-effect" forms that are rare in play, as narration.cpp writes them', () => {
  const fx = (card: string, seat: number, text: string) => line('spell-effect', text, { card, seat, squares: [] });
  assert.deepEqual(both(fx('attraction', 1, 'Attraction 1 towards seat 1 on square 4: nobody moves')), [
    'Attraction pulls the others 1 square towards Circé on square 4: nobody moves.',
    'Attraction attire les autres de 1 case vers Circé, sur la case 4 : personne ne bouge.',
  ]);
  assert.deepEqual(both(fx('vent-arriere', 4, 'Vent arrière: seat 4 moves forward 3, 21 → across the line (her rank in the race: 3)')), [
    'Tailwind: Médée moves forward 3 squares (21 → across the line); her rank in the race was 3.',
    'Vent arrière : Médée avance de 3 cases (21 → ligne franchie) ; son rang dans la course était 3.',
  ]);
  assert.deepEqual(both(fx('vent-arriere', 4, 'Vent arrière: seat 4 does not move, 12 → 12 (her rank in the race: 2)')), [
    'Tailwind: Médée does not move (12); her rank in the race was 2.',
    'Vent arrière : Médée ne bouge pas (12) ; son rang dans la course était 2.',
  ]);
  assert.deepEqual(both(fx('oubli-repare', 5, "Oubli réparé: Stellâ joins seat 5's second formula")), [
    'Mended Slip: Stellâ joins Ursule’s second formula.',
    'Oubli réparé : Ursule ajoute Stellâ à sa seconde formule.',
  ]);
});

test('log: "curse" and "race-over"', () => {
  assert.deepEqual(both(line('curse', 'the curse token moves to square 8', { square: 8 })), [
    'The curse token moves to square 8.',
    'Le jeton Malédiction va sur la case 8.',
  ]);
  assert.deepEqual(both(line('race-over', 'the race is over', { ranks: [3, 4, 1, 6, 2, 5], scores: [13, 12, 25, 8, 21, 10] })), [
    'The race is over.',
    'La course est finie.',
  ]);
});

test('log: a line whose data lacks what it needs keeps the server text', () => {
  const missing: [string, string, unknown][] = [
    ['start', 'seat 2 (novice) starts on square 7', { seat: 2 }],
    ['book-open', 'turn 1: the dice are rolled, the book is open', {}],
    ['book-closed', 'seat 3 closes the book', {}],
    ['written', 'seat 4 has written', {}],
    ['your-formula', 'you wrote formula foulzz', {}],
    ['your-formula', 'you wrote formula foulzz', { formula: 'formula abracadabra' }],
    ['reveal', 'the formulas and the dice are revealed. ...', { dice: [] }],
    ['moved', 'seat 2: no formula; square 7 → 7', { seat: 2 }],
    ['moved', 'seat 2: formula Gloû (valid ORANGE); square 8 → 9', { seat: 2, formulas: [{ cards: ['glou'] }], verdicts: ['valid'], from: 8, to: 9 }],
    ['drew', 'seat 2 draws 3 Magie noire and keeps one', { seat: 2 }],
    ['drawn-cards', 'you draw: Vent arrière', {}],
    ['kept', 'you keep Vent arrière', { card: 'balai-volant' }],
    ['spell', 'seat 2: play mauvais-sort on 0', { card: 'mauvais-sort', seat: 2 }],
    ['spell', 'seat 2: play mauvais-sort on 0', { action: 'play mauvais-sort', card: 'mauvais-sort', seat: 2 }],
    ['brouillard', 'seat 1 plays Brouillard magique', {}],
    ['cancelled', 'Attraction is cancelled by Brouillard magique', { seat: 0 }],
    ['spell-effect', 'Mauvais sort: seat 0 moves back 3, 9 → 6', { seat: 2 }],
    ['spell-effect', 'Mauvais sort struck someone', { card: 'mauvais-sort', seat: 2, squares: [] }],
    ['curse', 'the curse token moves to square 8', {}],
  ];
  for (const lang of ['en', 'fr'] as const) {
    setLang(lang);
    for (const [kind, text, data] of missing) assert.equal(narrateDuBalai(line(kind, text, data), names), null, `${kind} ${JSON.stringify(data)}`);
    assert.equal(narrateDuBalai({ seq: 1, kind: 'written', text: 'seat 4 has written' }, names), null, 'no data at all');
    assert.equal(narrateDuBalai(line('something-new', 'x', {}), names), null, 'a kind the page does not know');
  }
  setLang('en');
});

test('a reaction window names the spell it answers by its card, in the page language, with its target', () => {
  const told = (a: string) => {
    setLang('en');
    const en = t('db_pending', { name: 'Circé', spell: spellLabel(a, names), n: 1 });
    setLang('fr');
    const fr = t('db_pending', { name: 'Circé', spell: spellLabel(a, names), n: 1 });
    setLang('en');
    return [en, fr];
  };
  assert.deepEqual(told('play vent-arriere'), ['Circé plays Tailwind; Magic Fogs so far: 1', 'Circé joue Vent arrière\u202f; Brouillards jusqu’ici\u00a0: 1']);
  assert.deepEqual(told('play mauvais-sort on 3'), ['Circé plays Hex on Baba; Magic Fogs so far: 1', 'Circé joue Mauvais sort sur Baba\u202f; Brouillards jusqu’ici\u00a0: 1']);
  assert.deepEqual(told('brouillard'), ['Circé plays Magic Fog; Magic Fogs so far: 1', 'Circé joue Brouillard magique\u202f; Brouillards jusqu’ici\u00a0: 1']);
});
