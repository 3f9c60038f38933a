import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compressAssetsPlugin } from './server/compress-assets';
import { firstViewChunksPlugin } from './server/first-view-chunks';
import { pageFramesPlugin } from './server/page-frames';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// The router plugin must run before react(): it rewrites route files for code splitting.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    pageFramesPlugin(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    VitePWA({
      // A new version waits for the user's "Reload", never swapped in under them.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Standards Explorer',
        short_name: 'Standards',
        description: 'Browse K-12 academic standards, online or off.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#1d4ed8',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Workbox's map of sw.js names the build machine's absolute paths: none is written.
        sourcemap: false,
        // The app shell only: data is the query cache's and the saved frameworks' job.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        // /embed is always fetched, so the server's frame-ancestors policy applies to it; /lti pages are the server's own.
        navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, /^\/embed/, /^\/lti(\/|$)/, /\.[a-z0-9]+$/i],
        cleanupOutdatedCaches: true,
        // On a first visit the worker takes the open page into its care once it holds the app:
        // the parts of the app that page loads later then come from the device, so a framework
        // saved on that visit works offline at once (lib/app-on-device.ts). A new version still
        // waits for the user's "Reload" (no skipWaiting).
        clientsClaim: true,
      },
    }),
    firstViewChunksPlugin(),
    compressAssetsPlugin(),
  ],
  server: {
    // `npm run dev` talks to the local API started by `npm start` (default port 8080).
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    sourcemap: true,
    // The embed has its own page: the same app, with the picker's frame drawn by the HTML.
    rolldownOptions: { input: { main: 'index.html', embed: 'embed.html' } },
  },
});
