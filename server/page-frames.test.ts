import { describe, expect, it } from 'vitest';
import { withFrames } from './page-frames';

describe('page frames', () => {
  it('puts each shared piece in place of its placeholder, indented as the placeholder', () => {
    const html = '<main>\n    <!-- frame: loading -->\n</main>\n  <!-- frame: attribution -->\n';
    const pieces: Record<string, string> = { loading: '<div>\n  <p>Loading</p>\n</div>\n', attribution: '<footer>CC BY 4.0</footer>\n' };
    expect(withFrames(html, (name) => pieces[name]!)).toBe(
      '<main>\n    <div>\n      <p>Loading</p>\n    </div>\n</main>\n  <footer>CC BY 4.0</footer>\n',
    );
  });
});
