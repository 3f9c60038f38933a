/**
 * A long text as written, while its piece renderer loads (pieced-text), in blocks that the
 * browser lays out only near the screen: laid out whole, a 190 KB text held the page for
 * about 60 ms the moment it was opened.
 */
const BLOCK_CHARS = 2000;

export function AsWritten({ text }: { text: string }) {
  const blocks: string[] = [];
  for (let at = 0; at < text.length;) {
    // Cut at a space (a block ends its line anyway), or at the end.
    const space = text.indexOf(' ', at + BLOCK_CHARS);
    const end = space < 0 ? text.length : space;
    blocks.push(text.slice(at, end));
    at = end + 1;
  }
  return blocks.map((block, i) => (
    <span key={i} className="block [contain-intrinsic-size:auto_30em] [content-visibility:auto]">
      {block}
    </span>
  ));
}
