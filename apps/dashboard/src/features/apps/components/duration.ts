const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
] as const;

/** A positive number of seconds in words, the two largest units: 90000 → "1 day 1 hour"; null otherwise. */
export function describeSeconds(seconds: number): string | null {
  if (!Number.isInteger(seconds) || seconds <= 0) return null;
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count === 0) continue;
    parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
    rest -= count * size;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}
