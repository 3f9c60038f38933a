import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// The router plugin must run before react(): it rewrites route files for code splitting.
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  server: {
    // `npm run dev` talks to the local API started by `npm start` (default port 8080).
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: { sourcemap: true },
});
