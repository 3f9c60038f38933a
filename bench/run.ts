/**
 * `npm run bench`: every benchmark on this machine, one table, JSON under bench/results/,
 * exit 1 if any figure is over its budget. Not part of `npm test`.
 */
import { existsSync, mkdirSync, rmSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { DEFAULT_DATA, REAL_DATA } from '../server/config';
import type { Framework, StandardsItem } from '../contract/schemas';
import { fuzz } from '../server/test-support/fuzz';
import { loadFigures, sideBySide, throughputRatios } from './api-load';
import { startPeer } from './peer-process';
import { browserFigures, connectionFigures, longTextFigures, skillFigures } from './browser';
import { generateExport } from './generate-export';
import { figure, measured, median, noteReferences, report, rereadMachine, type Figure } from './report';
import { machineFigures, machineReader } from './machine';
import { rssMb, startServer } from './server-process';
import { restartTimes, shutdownUnderLoad, soak } from './soak';
import { codeSearchFigures, frameworkBrowserFigures, largestFramework, searchFigures, swapUnderLoad } from './scale';
import { slowNetworkFigures } from './slow-network';
import { phoneFigures } from './phone';
import { behindACacheFigures } from './behind-a-cache';
import { ltiLaunchFigures } from './lti-launches';
import { toolServerAtScale, toolServerFigures } from './tool-server';
import { relevanceFigures } from './relevance';
import { alignmentLoadFigures, alignmentRelevanceFigures, everydayFigures, exampleBankSizeFigure } from './alignment';

const ROOT = join(import.meta.dirname, '..');
const WORK = join(ROOT, '.cache', 'bench');
/** The default data, as `npm start` serves it: the real subset with its learning components. */
const DATA = DEFAULT_DATA.join(delimiter);
const CA_MATH = 'c6487102-d7cb-11e8-824f-0242ac160002';
// The e2e run's hostile records (a 190 KB description with 4,450 formulas among them).
const HOSTILE_DATA = join(ROOT, 'e2e', 'fixtures', 'hostile-export');
const only = process.argv.slice(2); // e.g. `npm run bench -- api browser`
const want = (part: string) => only.length === 0 || only.includes(part);
const figures: Figure[] = [];
let shown = 0;
const began = performance.now();
let partBegan = began;
const minutes = (ms: number) => Math.round(ms / 6000) / 10;
/** Starts a part, first printing the figures measured since the last (a run that stalls later keeps them in its log). */
const step = (s: string) => {
  for (const f of figures.slice(shown))
    console.log(`  = ${f.name}: ${f.median} ${f.unit} (${f.min}–${f.max})${f.note ? `; ${f.note}` : ''}`);
  if (shown > 0 || figures.length > 0) console.log(`  (${minutes(performance.now() - partBegan)} min)`);
  shown = figures.length;
  partBegan = performance.now();
  console.log(`\n▶ ${s}`);
};
/** An If-None-Match that never matches: every request runs the app's handlers (no kept answer, no 304). */
const THROUGH_THE_APP = { 'if-none-match': '"no-such-etag"' };

async function apiCases(base: string) {
  const first = async <T>(path: string) => (await (await fetch(base + path)).json()) as { data: T[] };
  const frameworks = (await first<Framework>('/api/v0/standards-frameworks?limit=1')).data;
  const fw = frameworks[0]!.caseIdentifierUUID;
  const list = (await first<StandardsItem>(`/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${fw}&limit=1000`)).data;
  const parent = list.find((i) => i.hasChildren)!.caseIdentifierUUID;
  const coded = list.find((i) => i.statementCode)!;
  return {
    'list limit=100': `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${fw}&limit=100`,
    'list limit=1000': `/api/v0/academic-standards?standardsFrameworkCaseIdentifierUUID=${fw}&limit=1000`,
    'children limit=1000': `/api/v0/academic-standards/${parent}/children?limit=1000`,
    'get by id': `/api/v0/academic-standards/${coded.caseIdentifierUUID}`,
    'search by code': `/api/v0/academic-standards/search?statementCode=${encodeURIComponent(coded.statementCode!)}`,
    'search by words': `/api/v0/academic-standards/search?query=${encodeURIComponent('fractions number line')}&limit=20`,
  };
}

async function main() {
  mkdirSync(WORK, { recursive: true });
  // First, always: this machine's speed now, which scales the budgets that name it (budgets.ts `per`).
  step('machine: a fixed workload in Node and in Chromium (the reference for budgets a machine’s speed decides)');
  // Its first readings are the run's reference figures; then one between parts.
  const machine = await machineReader();
  figures.push(...(await machineFigures(machine)));
  noteReferences(figures);
  /**
   * A reading of the machine between parts: with the one before, it judges the figures
   * measured between them (report.ts `rereadMachine`).
   */
  let sinceReading = figures.length;
  const reread = async () => {
    const now = await machine.read();
    rereadMachine(now, figures.slice(sinceReading));
    sinceReading = figures.length;
    console.log(`  machine now: ${now.node.toFixed(1)} ms in Node, ${now.chromium.toFixed(1)} ms in Chromium`);
  };
  const part = async (s: string) => {
    step(s);
    await reread();
  };
  const env = { STANDARDS_DATA: DATA, STANDARDS_CACHE_DIR: join(WORK, 'db') };
  let server = await startServer(env, 4401);
  const cases = await apiCases(server.base);

  if (want('api')) {
    await part(`API on ${DATA}: beside the bare-bytes ceiling and a naive in-memory peer, side by side`);
    const peer = await startPeer('naive', REAL_DATA);
    for (const [name, path] of Object.entries(cases)) {
      figures.push(
        ...(await measured(async () => {
          const ceiling = await startPeer('ceiling', server.base + path);
          const r = await sideBySide([
            { name: 'served', url: server.base + path },
            { name: 'app', url: server.base + path, headers: THROUGH_THE_APP },
            { name: 'ceiling', url: ceiling.base + '/' },
            { name: 'peer', url: peer.base + path },
          ]);
          ceiling.stop();
          const rps = (x: { rps: number[] }) => Math.round(median(x.rps));
          console.log(
            `  ${name}: ${rps(r.served!)} req/s (through the app ${rps(r.app!)}, ceiling ${rps(r.ceiling!)}, naive peer ${rps(r.peer!)})`,
          );
          return [
            ...loadFigures('api', name, r.served!),
            ...loadFigures('api', `${name}, through the app`, r.app!),
            figure(`api: ${name}, bare-bytes ceiling req/s`, r.ceiling!.rps, 'req/s'),
            figure(`api: ${name}, naive peer req/s`, r.peer!.rps, 'req/s'),
            figure(`api: ${name} throughput / bare-bytes ceiling`, throughputRatios(r.served!, r.ceiling!), 'ratio'),
            figure(`api: ${name} throughput / naive peer`, throughputRatios(r.served!, r.peer!), 'ratio'),
          ];
        })),
      );
    }
    peer.stop();
  }

  if (want('relevance')) {
    await part(
      'relevance: the public teacher queries and the classroom set in California and Common Core Math, online and offline, beside a naive peer',
    );
    figures.push(...(await relevanceFigures(server.base)));
  }

  if (want('alignment')) {
    await part('alignment: the public problems in Common Core and California Math, online and offline, beside a naive peer');
    figures.push(...(await alignmentRelevanceFigures(server.base)));
    await part(
      'alignment: texts in everyday words in Common Core Math (the shared set, the blind set, the project’s own), online and offline, any grade and the task’s, without the example bank and without the vocabulary file, beside a naive peer',
    );
    figures.push(...(await everydayFigures(server.base)), exampleBankSizeFigure());
  }

  if (want('fuzz')) {
    await part('fuzz: 10,000 random requests');
    const r = await fuzz(Number(new URL(server.base).port), { count: 10_000, seconds: 300, seed: Date.now() % 100000 });
    for (const f of r.failures.slice(0, 5)) console.log(`  ${f.status} ${f.why}: ${f.path}`);
    figures.push(
      figure(
        'fuzz: 5xx or non-contract answers in 10,000 requests',
        [r.failures.length + (10_000 - r.requests)],
        'count',
        JSON.stringify(r.byStatus),
      ),
    );
  }

  if (want('browser')) {
    await part('browser figures');
    figures.push(...(await measured(() => browserFigures(server.base))));
    figures.push(...(await measured(() => connectionFigures(server.base))));
    figures.push(...(await measured(() => skillFigures(server.base))));
    figures.push(...(await measured(() => codeSearchFigures(server.base, CA_MATH, 'browser: California Math', '3.NF.A.1'))));
    figures.push(...(await measured(() => frameworkBrowserFigures(server.base, CA_MATH, 'browser: California Math'))));
    const hostile = await startServer({ STANDARDS_DATA: HOSTILE_DATA, STANDARDS_CACHE_DIR: join(WORK, 'db-hostile') }, 4403);
    figures.push(...(await measured(() => longTextFigures(hostile.base))));
    await hostile.stop();
  }

  if (want('network')) {
    await part('slow networks (throttled Chromium, cold)');
    figures.push(...(await measured(() => slowNetworkFigures(server.base, CA_MATH))));
  }

  if (want('phone')) {
    await part('phone (390 px): slow 4G first standard, compare length, scrolling with a 4× slower CPU');
    figures.push(...(await measured(() => phoneFigures(server.base, { id: CA_MATH, name: 'California Math' }, CA_MATH))));
  }

  if (want('mcp')) {
    await part('tool server (MCP over HTTP) beside the REST requests it stands for, 10 clients');
    figures.push(...(await toolServerFigures(server.base)));
  }

  if (want('cache')) {
    await part('behind a cache: two instances behind nginx, an LMS-like workload, beside one instance direct');
    figures.push(...(await behindACacheFigures(DEFAULT_DATA, CA_MATH)));
  }

  if (want('lti')) {
    await part('lti: whole launches through nginx to two instances on one PostgreSQL, beside one instance on its SQLite file');
    figures.push(...(await ltiLaunchFigures()));
  }

  if (want('soak')) {
    await part('soak: 60 s mixed load at 20 connections');
    figures.push(...(await soak(server, Object.values(cases), 60)));
    await part('shutdown under load and restart');
    const s = await shutdownUnderLoad(server, cases['list limit=1000']);
    console.log(`  SIGTERM with ${s.open} requests open in the server: ${s.completed} of 40 sent completed, exit code ${s.exitCode}`);
    figures.push(
      figure(
        'shutdown: requests lost on SIGTERM under load',
        [s.lost + (s.exitCode === 0 ? 0 : 1000)],
        'count',
        `${s.open} open at SIGTERM, ${s.completed} completed`,
      ),
    );
    figures.push(await restartTimes(env, 4401));
    await part('a data update under load (SIGHUP)');
    figures.push(await swapUnderLoad(REAL_DATA, WORK, 4404));
    server = await startServer(env, 4401);
  }
  await server.stop();

  if (want('scale')) {
    await part('full-size export: generate, import, serve');
    const dir = join(WORK, 'full-export');
    if (!existsSync(join(dir, 'relationships.jsonl'))) console.log(`  generated ${JSON.stringify(await generateExport(dir))}`);
    const cache = join(WORK, 'db-full');
    rmSync(cache, { recursive: true, force: true });
    // The import between two runs of its reference, the least any import into SQLite does
    // (bench/naive-import.ts), on the same disk at the same moment: the machine's speed then
    // decides both alike.
    const naive = join(WORK, 'naive-import.sqlite');
    const naiveImport = () =>
      inChild(
        `import('${join(ROOT, 'bench/naive-import.ts')}').then((m) => m.naiveImport(${JSON.stringify(dir)}, ${JSON.stringify(naive)}))`,
      );
    const before = await naiveImport();
    const { seconds, peak } = await inChild(
      `import('${join(ROOT, 'server/import/database-cache.ts')}').then((m) => m.ensureDatabase(${JSON.stringify(dir)}, ${JSON.stringify(cache)}))`,
    );
    const after = await naiveImport();
    const reference = (before.seconds + after.seconds) / 2;
    const dbFile = readdirSync(cache).find((f) => f.endsWith('.sqlite'))!;
    figures.push(figure('scale: import of the full-size export', [seconds], 's'));
    figures.push(figure('scale: a naive import of the same files (reference)', [before.seconds, after.seconds], 's'));
    figures.push(figure('scale: import of the full-size export / a naive import', [seconds / reference], 'ratio'));
    figures.push(figure('scale: import peak RSS', [peak], 'MB'));
    figures.push(figure('scale: database size', [statSync(join(cache, dbFile)).size / 2 ** 20], 'MB'));
    const big = await startServer({ STANDARDS_DATA: dir, STANDARDS_CACHE_DIR: cache }, 4402);
    const bigCases = await apiCases(big.base);
    // The same operations on the real subset and on the full export, side by side, through
    // the app (no kept answers): the database's size must not halve the throughput.
    const real = await startServer(env, 4401);
    for (const name of ['list limit=100', 'get by id'] as const) {
      figures.push(
        ...(await measured(async () => {
          const r = await sideBySide([
            { name: 'real', url: real.base + cases[name], headers: THROUGH_THE_APP },
            { name: 'full', url: big.base + bigCases[name], headers: THROUGH_THE_APP },
          ]);
          return [
            ...loadFigures('scale', `${name}, through the app`, r.full!),
            figure(`scale: ${name} throughput, real subset / full export`, throughputRatios(r.real!, r.full!), 'ratio'),
          ];
        })),
      );
    }
    await real.stop();
    const largest = await largestFramework(big.base);
    console.log(`  largest framework: ${largest.items.length} items`);
    figures.push(...(await measured(() => searchFigures(big.base, largest))));
    figures.push(
      ...(await measured(() =>
        alignmentLoadFigures(
          big.base,
          largest.id,
          largest.items.map((i) => i.caseIdentifierUUID as string),
        ),
      )),
    );
    const code = largest.items.map((i) => i.statementCode as string | null).filter((c) => c && c.split('.').length === 4)[40]!;
    figures.push(...(await measured(() => codeSearchFigures(big.base, largest.id, 'scale: largest framework', code))));
    figures.push(...(await measured(() => frameworkBrowserFigures(big.base, largest.id, 'scale: largest framework'))));
    figures.push(...(await toolServerAtScale(big.base, largest)));
    await big.stop();
  }

  step('done');
  await reread(); // closes the last part
  await machine.close();
  // The whole bench is a tool people run: it must stay quick enough to run before every change.
  if (only.length === 0) figures.push(figure('bench: the whole run', [minutes(performance.now() - began)], 'min'));
  const { over, path } = report(figures);
  console.log(`\nWrote ${path}`);
  if (over) {
    console.log(`${over} figure(s) over budget.`);
    process.exit(1);
  }
}

/** Runs `code` in a Node process of its own (as the import runs), timing it and sampling its resident memory for the peak. */
function inChild(code: string): Promise<{ seconds: number; peak: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { stdio: 'inherit' });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code === 0) resolve({ seconds: (performance.now() - started) / 1000, peak });
      else reject(new Error(`the child process exited with ${code}`));
    });
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
