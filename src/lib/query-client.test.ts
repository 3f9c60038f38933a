import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('query client', () => {
  it('keeps data nobody is watching (a prefetch, a collapsed branch) instead of collecting it at once', async () => {
    // A gcTime beyond what timers can hold (2^31 − 1 ms, about 24.8 days) wraps to an
    // immediate collection: the route's prefetch was thrown away and fetched again.
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['framework', 'list'], queryFn: async () => ['California Math'] });
    await tick(20);
    expect(client.getQueryData(['framework', 'list'])).toEqual(['California Math']);
    client.clear();
  });
});
