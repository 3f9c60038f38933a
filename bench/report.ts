/**
 * Collects figures (each from ≥5 repeats: median, min, max), checks them against the
 * budgets, prints one table and writes the same as JSON under bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { BUDGETS, type Budget } from './budgets';

export interface Figure {
  name: string;
  median: number;
  min: number;
  max: number;
  unit: string;
  note?: string;
  /** The machine's readings around its measuring (before and after its part): its scaled budget uses them. */
  machine?: Readings;
}

type Readings = Partial<Record<'node' | 'chromium', number>>;

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The value below which a share `q` of `xs` falls (0.99: the p99); NaN when there is none. */
export const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : Number.NaN;
};

export function figure(name: string, samples: number[], unit: string, note?: string): Figure {
  const f: Figure = { name, median: median(samples), min: Math.min(...samples), max: Math.max(...samples), unit, note };
  return Object.keys(references).length ? { ...f, machine: { ...references } } : f;
}

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);

/** The machine's fixed workload as this run last measured it (bench/machine.ts), by where it ran. */
const references: Readings = {};
export const MACHINE_REFERENCES = {
  node: 'machine: a fixed workload in Node (reference)',
  chromium: 'machine: the same workload in Chromium (reference)',
} as const;

/**
 * Runs of each browser figure (RUNS=5 npm run bench for more). Three give a median that one
 * odd run cannot move, and a figure over its budget is measured again (`measured`); five
 * kept the whole bench past its 20 minutes on this machine.
 */
export const RUNS = Number(process.env.RUNS ?? 3);

/** Keeps the run's first machine readings (its reference figures), which scale the budgets that name them. */
export function noteReferences(figures: Figure[]) {
  for (const [on, name] of Object.entries(MACHINE_REFERENCES) as Array<['node' | 'chromium', string]>) {
    const f = figures.find((x) => x.name === name);
    if (f) references[on] = f.median;
  }
}

/**
 * A new reading of the machine, taken between parts: it closes the part before (whose
 * figures are then judged by the mean of the readings before and after them) and opens the
 * next. A machine's speed drifts within a run (a shared VM's neighbours, the tail of the
 * part before): read once at the start, a fast start tightened every later part's budget;
 * read once before each part, one noisy reading (Node 66–86 ms within a run) decided a
 * whole part's budgets. `since` is the figures measured since the reading before.
 */
export function rereadMachine(now: Readings, since: Figure[] = []) {
  for (const f of since) {
    if (!f.machine) continue;
    const both: Readings = { ...f.machine };
    for (const on of ['node', 'chromium'] as const) {
      const before = f.machine[on];
      const after = now[on];
      if (before !== undefined && after !== undefined) both[on] = (before + after) / 2;
    }
    f.machine = both;
  }
  Object.assign(references, now);
}

/** A budget as it holds on this machine in this run: scaled by the machine's readings around the figure's part. */
export function budgetFor(f: Pick<Figure, 'name' | 'machine'>): Budget | undefined {
  const b = BUDGETS[f.name];
  if (!b?.per) return b;
  const now = f.machine?.[b.per.on] ?? references[b.per.on];
  // Without this run's reading (a part run alone before it), the budget as written.
  const k = now ? now / b.per.at : 1;
  const waits = b.per.waits ?? 0;
  const scale = (x: number | undefined) => (x === undefined ? undefined : Math.round((waits + (x - waits) * k) * 10) / 10);
  return { ...b, max: scale(b.max), min: scale(b.min) };
}

export function verdict(f: Figure): 'PASS' | 'OVER' | '' {
  const b = budgetFor(f);
  if (!b) return '';
  if (!Number.isFinite(f.median)) return 'OVER'; // a figure that could not be measured fails
  return (b.max !== undefined && f.median > b.max) || (b.min !== undefined && f.median < b.min) ? 'OVER' : 'PASS';
}

export function report(figures: Figure[]): { over: number; path: string } {
  const rows = figures.map((f) => {
    const b = budgetFor(f);
    const written = BUDGETS[f.name];
    const reading = written?.per && f.machine?.[written.per.on];
    const scaled = written?.per
      ? ` (${written.max ?? written.min} at ${written.per.at} ms ${written.per.on}${reading ? `; ${round(reading)} ms then` : ''})`
      : '';
    const budget = b ? `${b.max !== undefined ? '≤ ' + b.max : '≥ ' + b.min} ${b.unit}${scaled}` : '';
    return [f.name, `${round(f.median)} ${f.unit}`, `${round(f.min)}–${round(f.max)}`, budget, verdict(f)];
  });
  const header = ['figure', 'median', 'min–max', 'budget', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
  writeFileSync(
    path,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        figures: figures.map((f) => ({ ...f, budget: budgetFor(f) ?? null, result: verdict(f) })),
      },
      null,
      2,
    ),
  );
  return { over: figures.filter((f) => verdict(f) === 'OVER').length, path };
}

/**
 * Runs a measurement; if any of its figures is over budget, runs it once more and keeps
 * the second measure of those figures, saying so in the note: one noisy run on a busy
 * 2-core machine must not fail the bench, a real regression fails it twice.
 */
export async function measured(run: () => Promise<Figure[]>): Promise<Figure[]> {
  const first = await run();
  const over = first.filter((f) => verdict(f) === 'OVER');
  if (!over.length) return first;
  console.log(`  over budget: ${over.map((f) => f.name).join('; ')} — measuring again`);
  const again = new Map((await run()).map((f) => [f.name, f]));
  return first.map((f) => {
    const second = again.get(f.name);
    if (verdict(f) !== 'OVER' || !second) return f;
    const note = `re-measured: first run ${round(f.median)} ${f.unit}${second.note ? `; ${second.note}` : ''}`;
    return { ...second, note };
  });
}
