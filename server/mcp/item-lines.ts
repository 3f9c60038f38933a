/**
 * The readable text of a tool's answer, one item per line. Some assistants show a model
 * only this text, not the structured content, so each line ends with the identifier the
 * next tool takes: a model that reads only the text can still go on.
 */
import { toPlainText } from '../../contract/plain-text';

type Item = {
  statementCode?: unknown;
  description?: unknown;
  /** The plain text, where a brief already made it. */
  descriptionText?: unknown;
  jurisdiction?: unknown;
  caseIdentifierUUID?: unknown;
};

/**
 * Its code, its jurisdiction (left out where every item is from one framework), its text
 * in plain text (math as 1/b; the start of it, unless `whole`) and `[caseIdentifierUUID]`.
 */
export function itemLine(i: Item, { jurisdiction = true, whole = false } = {}): string {
  const text =
    typeof i.descriptionText === 'string' ? i.descriptionText : (toPlainText(typeof i.description === 'string' ? i.description : '') ?? '');
  const where = jurisdiction && typeof i.jurisdiction === 'string' ? ` (${i.jurisdiction})` : '';
  const id = typeof i.caseIdentifierUUID === 'string' ? ` [${i.caseIdentifierUUID}]` : '';
  const shown = whole || text.length <= 200 ? text : `${text.slice(0, 199)}…`;
  return `${typeof i.statementCode === 'string' ? i.statementCode : '(no code)'}${where} — ${shown}${id}`;
}

/** A skill on one line, with the identifier standards_for_learning_component takes. */
export const skillLine = (l: { identifier: string; description: string }) => `- ${l.description} [${l.identifier}]`;
