/**
 * This machine's speed, measured in the same run as everything else: a fixed workload (the
 * same every time: parse, walk, stringify and sort a fixed set of records) in Node and in
 * Chromium. A budget whose figure a machine's speed decides is written against it
 * (`perMs` in budgets.ts): a machine half as fast gets twice the milliseconds, and a real
 * regression still fails on any machine.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { launch, newContext } from './browser';
import { figure, MACHINE_REFERENCES, median, type Figure } from './report';

/** The workload, as source: run the same in Node and in the page. Returns its milliseconds. */
const WORKLOAD = `(() => {
  const records = [];
  for (let i = 0; i < 20000; i++)
    records.push({ id: 'item-' + ((i * 7919) % 20000), code: (i % 12) + '.NF.A.' + (i % 7), text: 'Understand a fraction 1/b as the quantity formed by ' + i });
  const start = performance.now();
  for (let round = 0; round < 2; round++) {
    const copy = JSON.parse(JSON.stringify(records));
    copy.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    let words = 0;
    for (const r of copy) words += r.text.split(' ').length;
    if (words === 0) throw new Error('unreachable');
  }
  return performance.now() - start;
})()`;

/**
 * Runs per reading, their median read: nine, not five, so that a second of other work (a
 * server just started, warming its caches) moves a reading less (one read 95 ms in Node
 * between readings of 65).
 */
const RUNS = 9;

export function nodeWorkloadMs(): number {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push((0, eval)(WORKLOAD) as number);
  return median(runs);
}

async function pageWorkloadMs(page: Page): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await page.evaluate(WORKLOAD));
  return median(runs);
}

/** Busy and idle CPU time of the whole machine so far (Linux), or undefined elsewhere. */
function cpuTimes(): { busy: number; idle: number } | undefined {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3]! + (n[4] ?? 0); // idle and iowait
    return { busy: n.reduce((a, b) => a + b, 0) - idle, idle };
  } catch {
    return undefined;
  }
}

/**
 * Waits, at most `maxMs`, until the machine is mostly idle (a quarter second at under 15 %
 * busy): a part's servers and browsers take a moment to stop, and a reading taken meanwhile
 * read their shutdown, not the machine (Node 122 ms between readings of 72).
 */
export async function untilQuiet(maxMs = 5000): Promise<void> {
  const end = performance.now() + maxMs;
  let before = cpuTimes();
  while (before && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuTimes()!;
    const busy = now.busy - before.busy;
    const total = busy + now.idle - before.idle;
    if (total > 0 && busy / total < 0.15) return;
    before = now;
  }
}

export const NODE_REFERENCE = MACHINE_REFERENCES.node;
export const CHROMIUM_REFERENCE = MACHINE_REFERENCES.chromium;

/**
 * Reads both workloads, in Node and in a page kept open for the whole run: one median of
 * nine each, about a second and a half. The run reads three at its start (its reference figures) and
 * one between parts (report.ts `rereadMachine`).
 */
export async function machineReader(): Promise<{ read: () => Promise<{ node: number; chromium: number }>; close: () => Promise<void> }> {
  const browser = await launch();
  const page = await (await newContext(browser)).newPage();
  // Once each, unread: a cold first run (code not yet compiled) read 78–82 ms in Node and
  // 51–54 ms in Chromium where the warm ones read 62–64 and 42–44.
  nodeWorkloadMs();
  await pageWorkloadMs(page);
  return {
    read: async () => {
      await untilQuiet();
      return { node: nodeWorkloadMs(), chromium: await pageWorkloadMs(page) };
    },
    close: () => browser.close(),
  };
}

/** Both references, as figures the report scales budgets by: three readings. */
export async function machineFigures(reader: Awaited<ReturnType<typeof machineReader>>): Promise<Figure[]> {
  const readings = [await reader.read(), await reader.read(), await reader.read()];
  return [
    figure(
      NODE_REFERENCE,
      readings.map((r) => r.node),
      'ms',
    ),
    figure(
      CHROMIUM_REFERENCE,
      readings.map((r) => r.chromium),
      'ms',
    ),
  ];
}
