// Requirement: the table's Rules button opens a page written for players, one per game in French
// and in English, built from docs/play; none of them shows what only developers need (source
// paths, rule-book files, terminal syntax, parameters' raw keys, bots, balance reports).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { playerRulesUrl } from '../src/rules_page';

const games = ['sortileges', 'du-balai', 'baba-yaga', 'bal-des-sorcieres'];
const langs = ['en', 'fr'];
const markers = ['src/', '.txt', 'sabbat ', '--param', '_ms', 'Parameters', 'Paramètres', 'Bots', 'Balance report', "Rapports d'équilibre"];

// The pages as the web build writes them, into a scratch folder.
async function built(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'sabbat-rules-'));
  // Loaded at run time: the build script is plain JavaScript beside the TypeScript sources.
  const { rules } = await import(pathToFileURL(join(process.cwd(), 'scripts', 'rules_pages.mjs')).href);
  rules(join(process.cwd(), '..', 'docs'), out);
  return out;
}

test('players\' rules: every game has a page in each language, with no developer marker, starting with how to play', async () => {
  const out = await built();
  try {
    for (const game of games) {
      for (const l of langs) {
        const file = join(out, playerRulesUrl(game, l));
        assert.ok(existsSync(file), `no players' page for ${game} in ${l}`);
        const html = readFileSync(file, 'utf8');
        // The link to the technical page is the one place that may name it.
        const text = html.replace(/<p class="rules-technical">.*<\/p>/, '');
        for (const m of markers) assert.ok(!text.includes(m), `${game}.${l}: holds the developer marker "${m}"`);
        assert.match(html, /^<h1>/, `${game}.${l}: opens with the game's name`);
        assert.match(html, l === 'fr' ? /<h2>Comment jouer<\/h2>/ : /<h2>How to play<\/h2>/, `${game}.${l}: how to play first`);
        assert.match(html, new RegExp(`href="/rules/${game}\\.${l}\\.html"`), `${game}.${l}: links the technical rules`);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('players\' rules: the Rules button opens the players\' page in the page\'s language', () => {
  assert.equal(playerRulesUrl('bal-des-sorcieres', 'fr'), '/play/bal-des-sorcieres.fr.html');
  assert.equal(playerRulesUrl('du-balai', 'en'), '/play/du-balai.en.html');
  const panel = readFileSync(join(process.cwd(), 'src', 'table', 'RulesPanel.tsx'), 'utf8');
  assert.match(panel, /fetch\(playerRulesUrl\(game, x\)\)/, 'RulesPanel fetches the players\' page');
  assert.match(panel, /page\(l\)/, 'in the page\'s language first');
});
