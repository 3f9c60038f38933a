import { chromium } from '@playwright/test';
import { startServer } from './bench/server-process';
const s = await startServer({ STANDARDS_DATA: '/work/main/data/learning-commons', STANDARDS_CACHE_DIR: '/tmp/db-real' }, 4404);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const CA = 'c6487102-d7cb-11e8-824f-0242ac160002', CC = 'c6496676-d7cb-11e8-824f-0242ac160002';
try {
  for (const [w, h, scheme] of [[1280, 900, 'light'], [390, 844, 'dark']] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: scheme });
    page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    await page.goto(`${s.base}/frameworks/${CA}?item=5ebef26f-d7cc-11e8-824f-0242ac160002`);
    await page.getByRole('heading', { name: 'Connections' }).waitFor();
    await page.waitForTimeout(1200);
    await page.getByRole('heading', { name: 'Connections' }).scrollIntoViewIfNeeded();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Connections' }) }).last().screenshot({ path: `/tmp/conn-ca-${w}.png` });
    await page.goto(`${s.base}/frameworks/${CC}?item=6b9bf846-d7cc-11e8-824f-0242ac160002`);
    await page.getByRole('heading', { name: 'Connections' }).waitFor();
    await page.waitForTimeout(1200);
    await page.getByRole('heading', { name: 'Connections' }).scrollIntoViewIfNeeded();
    await page.locator('section', { has: page.getByRole('heading', { name: 'Connections' }) }).last().screenshot({ path: `/tmp/conn-cc-${w}.png` });
    await page.goto(`${s.base}/progressions/6b9bf846-d7cc-11e8-824f-0242ac160002`);
    await page.getByRole('heading', { name: /Progression of/ }).waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/prog-${w}.png`, fullPage: true });
  }
} finally { await browser.close(); await s.stop(); }
