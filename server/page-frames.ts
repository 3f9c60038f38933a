/**
 * Build step: the pieces the app's two pages share in their frames (index.html and
 * embed.html draw the page before any script; see decision 012), written once under
 * `frames/` and put in place of `<!-- frame: name -->` in each page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const PLACEHOLDER = /^( *)<!-- frame: ([a-z-]+) -->$/gm;

/** `html` with each placeholder replaced by its piece, indented as the placeholder. */
export function withFrames(html: string, piece: (name: string) => string): string {
  return html.replace(PLACEHOLDER, (_, indent: string, name: string) =>
    piece(name)
      .trimEnd()
      .split('\n')
      .map((line) => (line ? indent + line : line))
      .join('\n'),
  );
}

export function pageFramesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'standards-explorer:page-frames',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => withFrames(html, (name) => readFileSync(join(root, 'frames', `${name}.html`), 'utf8')),
    },
  };
}
