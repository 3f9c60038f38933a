/** Saves text as a file through the browser's download. */
export function downloadText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `3.NF` + `csv` → `standards-3.NF.csv`, safe on every file system. */
export function exportFilename(name: string, ext: 'csv' | 'json') {
  const safe =
    name
      .replace(/[^\p{L}\p{N}.-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'export';
  return `standards-${safe}.${ext}`;
}
