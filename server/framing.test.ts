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
    const directive = (r: Response, name: string) =>
      r.headers
        .get('content-security-policy')!
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    const embed = await app.request('/embed?framework=x');
    expect(directive(embed, 'frame-ancestors')).toBe("frame-ancestors 'self' https://lms.example.edu");
    expect(embed.headers.get('x-frame-options')).toBeNull();
    // An LTI deep-linking picker lives in whatever LMS launched it; a malformed session id changes nothing.
    const lti = await app.request(`/embed?lti=${'a'.repeat(43)}`);
    expect(directive(lti, 'frame-ancestors')).toBe('frame-ancestors *');
    const notLti = await app.request('/embed?lti=short');
    expect(directive(notLti, 'frame-ancestors')).toBe("frame-ancestors 'self' https://lms.example.edu");
    expect(directive(await app.request(`/frameworks/x?lti=${'a'.repeat(43)}`), 'frame-ancestors')).toBe("frame-ancestors 'none'");
    for (const path of ['/', '/index.html', '/frameworks/abc', '/embedded', '/print', '/embed']) {
      const r = await app.request(path);
      // A strict policy on every page: scripts from this site only, no plugins, no <base>.
      expect(directive(r, 'script-src'), path).toBe("script-src 'self'");
      expect(directive(r, 'object-src'), path).toBe("object-src 'none'");
      expect(directive(r, 'base-uri'), path).toBe("base-uri 'none'");
      expect(r.headers.get('content-security-policy'), path).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(r.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      if (path !== '/embed') {
        expect(directive(r, 'frame-ancestors'), path).toBe("frame-ancestors 'none'");
        expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      }
    }
    const api = await app.request('/api/v0/standards-frameworks');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
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

  it('reads the LTI tool’s public origin and store, and refuses a public URL that is not an origin', () => {
    expect(loadConfig({ STANDARDS_PUBLIC_URL: 'https://standards.example.edu/' }).publicUrl).toBe('https://standards.example.edu');
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ STANDARDS_CACHE_DIR: '/tmp/c' }).ltiStore).toBe('/tmp/c/lti.sqlite');
    expect(loadConfig({ STANDARDS_LTI_STORE: '/srv/shared/lti.sqlite' }).ltiStore).toBe('/srv/shared/lti.sqlite');
    expect(() => loadConfig({ STANDARDS_PUBLIC_URL: 'standards.example.edu' })).toThrow(/STANDARDS_PUBLIC_URL/);
    expect(() => loadConfig({ STANDARDS_PUBLIC_URL: 'https://standards.example.edu/app' })).toThrow(ConfigError);
  });
});
