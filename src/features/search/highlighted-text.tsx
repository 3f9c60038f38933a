import { Fragment } from 'react';
import { RichText } from '../../components/rich-text/rich-text';
import { queryWords } from '../../lib/code-query';
import { htmlToPlain } from '../../lib/plain-text';

const MATH = /(\$[^$\n]+?\$)/g;

/** Text with the searched words marked; math stays rendered, emphasis markers and HTML tags are dropped (one clean line). */
export function HighlightedText({ text, query }: { text: string | null; query: string }) {
  const words = queryWords(query).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = words.length ? new RegExp(`(${words.join('|')})`, 'giu') : null;
  return (
    <>
      {htmlToPlain(text ?? '')
        .split(MATH)
        .map((part, i) =>
          i % 2 === 1 ? (
            <RichText key={i} text={part} inline />
          ) : (
            <Fragment key={i}>
              {(pattern ? part.replace(/\*/g, '').split(pattern) : [part.replace(/\*/g, '')]).map((piece, j) =>
                j % 2 === 1 ? (
                  <mark key={j} className="rounded bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-700/60">
                    {piece}
                  </mark>
                ) : (
                  piece
                ),
              )}
            </Fragment>
          ),
        )}
    </>
  );
}
