/**
 * `npm run import -- <export folder>[:<folder>…] [database file]`: import an export by
 * hand and print its counts (npm start does this itself when the data changed). Several
 * folders, separated as in PATH, are read as one export.
 */
import { importSummary } from '../import/summary';
import { resolve } from 'node:path';
import { importExport } from '../import/importer';
import { parseFolderList } from '../import/export-files';
import { ImportError } from '../import/import-error';

const [dataDir, dbFile = 'standards.sqlite'] = process.argv.slice(2);
if (!dataDir) {
  console.error(
    'Usage: npm run import -- <export folder with nodes.jsonl and relationships.jsonl>[:<more folders of the same export>] [database file]',
  );
  process.exit(2);
}
try {
  const counts = await importExport(parseFolderList(dataDir), resolve(dbFile), (m) => console.log(m));
  console.log(`Imported into ${resolve(dbFile)} in ${counts.seconds.toFixed(2)} s`);
  console.table({
    frameworks: counts.frameworks,
    items: counts.items,
    hasChild: counts.hasChildEdges,
    'learning components': counts.learningComponents,
    'supports links': counts.supportsEdges,
    ...Object.fromEntries(Object.entries(counts.relationships).filter(([k]) => k !== 'hasChild')),
    'relationships left out': Object.values(counts.skippedRelationships).reduce((a, b) => a + b, 0),
    'items outside any framework': counts.itemsOutsideFrameworks,
    'deepest level': counts.maxDepth,
  });
  for (const line of importSummary(counts)) console.log(line);
} catch (e) {
  console.error(e instanceof ImportError ? `Import failed: ${e.message}` : e);
  process.exit(1);
}
