import { Fragment } from 'react';
import { markedRanges, wordRanges } from '../../contract/search/marks';
import { MATH } from './rich-text/markdown-source';
import { RichText } from './rich-text/rich-text';
import { htmlToPlain } from '../lib/plain-text';

/**
 * Text with the searched words marked as the search matched them ("fraction" for
 * "fractions", "multiply" for "multiplication"); math stays rendered, emphasis markers
 * and HTML tags are dropped (one clean line).
 */
export function HighlightedText({ text, query, words }: { text: string | null; query: string; words?: readonly string[] }) {
  return (
    <>
      {htmlToPlain(text ?? '')
        .split(MATH)
        .map((part, i) =>
          i % 2 === 1 ? (
            <RichText key={i} text={part} inline />
          ) : (
            <Marked key={i} text={part.replace(/\*/g, '')} query={query} words={words} />
          ),
        )}
    </>
  );
}

/** `words`, where given, are marked as they are (an alignment's shared words), not as a query typed. */
function Marked({ text, query, words }: { text: string; query: string; words?: readonly string[] }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of words ? wordRanges(text, words) : query ? markedRanges(text, query) : []) {
    pieces.push(text.slice(at, start));
    pieces.push(
      <mark key={start} className="rounded bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-700/60">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  pieces.push(text.slice(at));
  return <Fragment>{pieces}</Fragment>;
}
