/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** package.json's version, set at build time. */
declare const __APP_VERSION__: string;
