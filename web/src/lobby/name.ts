// The name a person last played under, offered again next time.
export function savedName(): string {
  try {
    return localStorage.getItem('sabbat.name') ?? '';
  } catch {
    return '';
  }
}
export function saveName(n: string): void {
  try {
    localStorage.setItem('sabbat.name', n);
  } catch {
    /* not kept: asked again next time */
  }
}
// The name typed in a form, trimmed and kept for next time; null (and the problem said) when
// it is empty.
export function takeName(typed: string, problem: (message: string) => void, emptyMessage: string): string | null {
  const who = typed.trim();
  if (!who) {
    problem(emptyMessage);
    return null;
  }
  saveName(who);
  return who;
}
