// Where the table's Rules button finds a game's rules for players: docs/play/<game>.md and
// docs/play/fr/<game>.md, built into play/<game>.<lang>.html by scripts/build.mjs. The technical
// pages (rules/<game>.<lang>.html) are linked from the bottom of each.
export function playerRulesUrl(game: string, lang: string): string {
  return `/play/${encodeURIComponent(game)}.${encodeURIComponent(lang)}.html`;
}
