/**
 * Durations as an operator writes them on the command line ("7d", "36h", "90m", "0"), and
 * ages as the status prints them.
 */
const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds, or null when `text` is not a whole number followed by s, m, h or d (or a bare 0). */
export function parseDuration(text: string): number | null {
  if (text.trim() === '0') return 0;
  const m = /^\s*(\d{1,6})\s*([smhd])\s*$/.exec(text);
  return m ? Number(m[1]) * UNITS[m[2]!]! : null;
}

/** "3 d 4 h", "5 h 12 min", "40 s": the two largest units, for a person to read. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const parts: Array<[number, string]> = [
    [Math.floor(s / 86_400), 'd'],
    [Math.floor((s % 86_400) / 3600), 'h'],
    [Math.floor((s % 3600) / 60), 'min'],
    [s % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}
