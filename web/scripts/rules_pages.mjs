// The games' rules as HTML fragments for the table's Rules button: the pages for players
// (docs/play, into <out>/play/) and the technical pages (docs/rules, into <out>/rules/). Used by
// build.mjs, and by the unit tests, which build them into a scratch folder.
import { Marked } from 'marked';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/<dir>/<game>.md (English) and docs/<dir>/fr/<game>.md (French) as HTML fragments in
// <out>/<sub>/<game>.<lang>.html. A link to another Markdown page of docs/ leads nowhere the server
// serves: it becomes its text. `footer` adds the end of a page, given its game and language.
function markdownPages(docsRoot, out, dir, sub, footer = () => '') {
  const docs = join(docsRoot, dir);
  const marked = new Marked({
    gfm: true,
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        return /^(https?:)?\/\//.test(href) ? `<a href="${href}" rel="noreferrer">${text}</a>` : text;
      },
    },
  });
  mkdirSync(join(out, sub), { recursive: true });
  let pages = 0;
  for (const [lang, from] of [['en', docs], ['fr', join(docs, 'fr')]]) {
    for (const name of readdirSync(from)) {
      if (!name.endsWith('.md')) continue;
      // The line pointing to the page in the other language: the page has its own switch.
      const text = readFileSync(join(from, name), 'utf8').replace(/^\*(English|En français) ?: \[.*\]\(.*\)\*\n/m, '');
      const game = name.slice(0, -3);
      writeFileSync(join(out, sub, `${game}.${lang}.html`), marked.parse(text) + footer(game, lang));
      ++pages;
    }
  }
  return pages;
}

// The players' page ends with a link to the technical page of the game, in its language when
// there is one.
function technicalLink(out) {
  return (game, lang) => {
    const l = existsSync(join(out, 'rules', `${game}.${lang}.html`)) ? lang : 'en';
    const words = lang === 'fr' ? 'Règles techniques complètes' : 'Full technical rules';
    return `<p class="rules-technical"><a href="/rules/${game}.${l}.html" target="_blank" rel="noreferrer">${words}</a></p>\n`;
  };
}

export function rules(docsRoot, out) {
  const technical = markdownPages(docsRoot, out, 'rules', 'rules');
  const play = markdownPages(docsRoot, out, 'play', 'play', technicalLink(out));
  return { technical, play };
}
