/**
 * Environment → settings, checked once at start-up with messages that say what to fix.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitList } from '../contract/lists';
import { parseFolderList } from './import/export-files';
import { isOrigin } from './framing';
import { pgUrlProblem } from './lti/pg-connection';
import { defaultSearchThreads } from './search/searcher';
import { DEFAULT_MAX_AGE, DEFAULT_STALE_WHILE_REVALIDATE } from './api/http-cache';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SAMPLE_DATA = join(PROJECT_ROOT, 'data', 'sample');
/** The project's own copy of two real frameworks of the Learning Commons export: the default. */
export const REAL_DATA = join(PROJECT_ROOT, 'data', 'learning-commons');
/** California Math's learning components and their `supports` links, in the same format: served with REAL_DATA. */
export const REAL_SKILLS = join(PROJECT_ROOT, 'data', 'learning-components');
/** What `npm start` serves when nothing else is said: the real subset with its skills. */
export const DEFAULT_DATA = [REAL_DATA, REAL_SKILLS] as const;
export const HOSTED_BASE_URL = 'https://api.learningcommons.org/knowledge-graph/v0';

export interface Config {
  host: string;
  port: number;
  /** The export's folders (one, or several that together make one export). */
  dataDirs: string[];
  dataSource: 'STANDARDS_DATA' | 'real' | 'sample';
  cacheDir: string;
  distDir: string;
  apiKeys: string[];
  proxy: { baseUrl: string; apiKey: string } | null;
  embedOrigins: string[];
  /** Where the LTI tool keeps its key, registrations and sessions (STANDARDS_LTI_STORE): one file every instance shares. */
  ltiStore: string;
  /** PostgreSQL for the LTI tool's state instead of the file (STANDARDS_LTI_DATABASE_URL): instances on several machines share it. */
  ltiDatabaseUrl: string | null;
  /** The tool's public origin as platforms reach it (STANDARDS_PUBLIC_URL); null: each request's own. */
  publicUrl: string | null;
  /** Hosts whose LMS may register the tool by Dynamic Registration (STANDARDS_LTI_REGISTRATION_HOSTS); empty: any. */
  ltiRegistrationHosts: string[];
  /** Threads for word search (0: on the request thread). */
  searchThreads: number;
  /** Signs cursors on every instance alike (STANDARDS_CURSOR_KEY); null: a key derived from the data. */
  cursorKey: string | null;
  /** API answers' Cache-Control (STANDARDS_MAX_AGE, STANDARDS_STALE_WHILE_REVALIDATE), in seconds. */
  maxAge: number;
  staleWhileRevalidate: number;
  /** How long a tool call made during the first import waits for the data (STANDARDS_TOOL_WAIT), in seconds. */
  toolCallWait: number;
}

/**
 * A tool call's wait for the first import: well inside the 60 s an MCP client (the SDK's
 * default) waits for an answer, and longer than the embedded data takes to import.
 */
export const DEFAULT_TOOL_CALL_WAIT = 30;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 8080 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number (0-65535); got "${env.PORT}".`);
  let dataDirs: string[];
  let dataSource: Config['dataSource'];
  if (env.STANDARDS_DATA) {
    dataDirs = parseFolderList(env.STANDARDS_DATA).map((f) => resolve(f));
    dataSource = 'STANDARDS_DATA';
    const missing = dataDirs.find((f) => !existsSync(f));
    if (missing !== undefined) throw new ConfigError(`STANDARDS_DATA points to ${missing}, which does not exist.`);
    if (dataDirs.length === 0) throw new ConfigError('STANDARDS_DATA names no folder.');
  } else if (existsSync(join(REAL_DATA, 'nodes.jsonl'))) {
    dataDirs = DEFAULT_DATA.filter((f) => existsSync(join(f, 'nodes.jsonl')));
    dataSource = 'real';
  } else {
    dataDirs = [SAMPLE_DATA];
    dataSource = 'sample';
  }
  const apiKeys = splitList(env.STANDARDS_API_KEYS);
  const proxy = env.LC_API_KEY ? { apiKey: env.LC_API_KEY, baseUrl: env.LC_API_BASE_URL || HOSTED_BASE_URL } : null;
  if (proxy && !/^https?:\/\//.test(proxy.baseUrl))
    throw new ConfigError(`LC_API_BASE_URL must be an http(s) URL; got "${proxy.baseUrl}".`);
  const embedOrigins = splitList(env.EMBED_ALLOWED_ORIGINS);
  const badOrigin = embedOrigins.find((o) => !isOrigin(o));
  if (badOrigin)
    throw new ConfigError(
      `EMBED_ALLOWED_ORIGINS lists "${badOrigin}", which is not an origin; write origins like https://lms.example.edu (scheme, host, optional port).`,
    );
  const publicUrl = env.STANDARDS_PUBLIC_URL ? env.STANDARDS_PUBLIC_URL.replace(/\/$/, '') : null;
  if (publicUrl !== null && !isOrigin(publicUrl))
    throw new ConfigError(
      `STANDARDS_PUBLIC_URL must be the origin platforms reach this server at, like https://standards.example.edu; got "${env.STANDARDS_PUBLIC_URL}".`,
    );
  const cacheDir = resolve(env.STANDARDS_CACHE_DIR || join(PROJECT_ROOT, '.cache'));
  const searchThreads = env.STANDARDS_SEARCH_THREADS ? Number(env.STANDARDS_SEARCH_THREADS) : defaultSearchThreads();
  if (!Number.isInteger(searchThreads) || searchThreads < 0 || searchThreads > 16)
    throw new ConfigError(`STANDARDS_SEARCH_THREADS must be a whole number from 0 to 16; got "${env.STANDARDS_SEARCH_THREADS}".`);
  const seconds = (name: 'STANDARDS_MAX_AGE' | 'STANDARDS_STALE_WHILE_REVALIDATE', fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 31_536_000)
      throw new ConfigError(`${name} must be a whole number of seconds (0 to 31536000); got "${raw}".`);
    return n;
  };
  const maxAge = seconds('STANDARDS_MAX_AGE', DEFAULT_MAX_AGE);
  const staleWhileRevalidate = seconds('STANDARDS_STALE_WHILE_REVALIDATE', DEFAULT_STALE_WHILE_REVALIDATE);
  const toolCallWait = env.STANDARDS_TOOL_WAIT ? Number(env.STANDARDS_TOOL_WAIT) : DEFAULT_TOOL_CALL_WAIT;
  if (!Number.isFinite(toolCallWait) || toolCallWait < 0 || toolCallWait > 300)
    throw new ConfigError(`STANDARDS_TOOL_WAIT must be a number of seconds from 0 to 300; got "${env.STANDARDS_TOOL_WAIT}".`);
  const cursorKey = env.STANDARDS_CURSOR_KEY || null;
  if (cursorKey !== null && cursorKey.length < 16)
    throw new ConfigError(
      'STANDARDS_CURSOR_KEY must be at least 16 characters (the same on every instance); leave it unset to derive one from the data.',
    );
  const ltiDatabaseUrl = env.STANDARDS_LTI_DATABASE_URL || null;
  const urlProblem = ltiDatabaseUrl === null ? null : pgUrlProblem(ltiDatabaseUrl);
  if (urlProblem)
    throw new ConfigError(
      `STANDARDS_LTI_DATABASE_URL cannot be used: ${urlProblem}. Write it as postgres://user:password@host:5432/database, or unset it to keep the LTI state in a file.`,
    );
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDirs,
    dataSource,
    cacheDir,
    distDir: resolve(env.STANDARDS_DIST_DIR || join(PROJECT_ROOT, 'dist')),
    apiKeys,
    proxy,
    embedOrigins,
    ltiStore: resolve(env.STANDARDS_LTI_STORE || join(cacheDir, 'lti.sqlite')),
    ltiDatabaseUrl,
    publicUrl,
    ltiRegistrationHosts: splitList(env.STANDARDS_LTI_REGISTRATION_HOSTS).map((h) => h.toLowerCase()),
    searchThreads,
    cursorKey,
    maxAge,
    staleWhileRevalidate,
    toolCallWait,
  };
}
