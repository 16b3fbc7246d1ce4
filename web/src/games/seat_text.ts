// The server's English text of an event, for a line no narrator tells: its seats are counted
// from 0 ("Seat 1" is the second seat), the page counts from 1 and names the people.
export function seatsFromOne(text: string, names: string[]): string {
  return text.replace(/\b([Ss])eat (\d+)\b/g, (_, s: string, n: string) => {
    const seat = Number(n);
    const name = names[seat];
    return name ? name : `${s}eat ${seat + 1}`;
  });
}
