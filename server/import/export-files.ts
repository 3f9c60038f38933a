/**
 * Where an import reads from: one export folder, or several folders that together make
 * one export (the project's standards and, beside them, the learning components that
 * support them). Every folder holds nodes.jsonl and relationships.jsonl; all node files
 * are read before any relationship file, so a relationship may join nodes of two folders.
 */
import { existsSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { ImportError } from './import-error';

export const EXPORT_FILES = ['nodes.jsonl', 'relationships.jsonl'] as const;

/** One export folder, or the folders of one export. */
export type DataSource = string | readonly string[];

export const exportFolders = (source: DataSource): string[] => (typeof source === 'string' ? [source] : [...source]).map((f) => resolve(f));

/** `STANDARDS_DATA` and the import command take several folders as a PATH-style list. */
export const parseFolderList = (text: string): string[] => text.split(delimiter).filter((f) => f.trim() !== '');

export function exportFilePaths(source: DataSource) {
  const folders = exportFolders(source);
  if (folders.length === 0) throw new ImportError('no export folder given');
  const files = { nodes: [] as string[], relationships: [] as string[] };
  for (const folder of folders) {
    for (const f of EXPORT_FILES) {
      const path = join(folder, f);
      if (!existsSync(path) || !statSync(path).isFile()) {
        throw new ImportError(`missing ${path}: a Learning Commons export folder holds nodes.jsonl and relationships.jsonl`);
      }
    }
    files.nodes.push(join(folder, 'nodes.jsonl'));
    files.relationships.push(join(folder, 'relationships.jsonl'));
  }
  return files;
}
