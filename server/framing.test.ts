import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from './config';
import { REAL_DATA, openApi } from './test-support/real-api';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('framing policy', () => {
  it('lets allowed origins frame /embed and nobody frame other pages', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const { app } = await openApi(REAL_DATA, { distDir: dist, embedOrigins: ['https://lms.example.edu'] });
    const embed = await app.request('/embed?framework=x');
    expect(embed.headers.get('content-security-policy')).toBe("frame-ancestors 'self' https://lms.example.edu");
    expect(embed.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/', '/index.html', '/frameworks/abc', '/embedded']) {
      const r = await app.request(path);
      expect(r.headers.get('content-security-policy'), path).toBe("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('reads EMBED_ALLOWED_ORIGINS and refuses anything that is not an origin', () => {
    expect(loadConfig({ EMBED_ALLOWED_ORIGINS: 'https://a.edu, http://localhost:3000' }).embedOrigins).toEqual([
      'https://a.edu',
      'http://localhost:3000',
    ]);
    expect(loadConfig({}).embedOrigins).toEqual([]);
    expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ EMBED_ALLOWED_ORIGINS: 'https://a.edu/lms' })).toThrow(/not an origin/);
  });
});
