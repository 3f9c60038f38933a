/**
 * A skill as it leaves the app (JSON exports, the embed's messages): its source text, the
 * same text readable as is, and its attribution. Apart from the export formats so that
 * the embed does not load the CSV writer.
 */
import type { LearningComponent } from '../../contract/learning-component-schemas';
import { toPlainText } from './plain-text';

export function skillAsText({
  identifier,
  description,
  attributionStatement,
}: Pick<LearningComponent, 'identifier' | 'description' | 'attributionStatement'>) {
  return { identifier, description, descriptionText: toPlainText(description), attributionStatement };
}
