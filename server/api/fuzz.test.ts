/**
 * A small, seeded fuzz run in every test run (the bench runs 10,000 requests).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_DATA, openApi } from '../test-support/real-api';
import { listen } from '../test-support/listen';
import { fuzz } from '../test-support/fuzz';

let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen((await openApi(DEFAULT_DATA)).app.fetch);
});
afterAll(() => server.close());

it('answers 1,500 random requests with contract bodies and no 5xx, and stays up', async () => {
  const report = await fuzz(server.port, { count: 1500, seconds: 60, seed: 20261122 });
  expect(report.failures).toEqual([]);
  expect(report.requests).toBe(1500);
  expect(Object.keys(report.byStatus).length).toBeGreaterThan(3); // a mix of 200, 400, 404, 422…
});
