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
