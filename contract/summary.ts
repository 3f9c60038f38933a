/**
 * A standard's summary picked from its full record. Apart from schemas.ts so that the
 * server's store (and its search threads, which start on every data swap) does not load
 * the validation library for it.
 */
import type { StandardsItem } from './schemas';

/** The contract's summary fields, in the order it lists them. */
export function summaryOf(item: StandardsItem) {
  const { caseIdentifierUUID, statementCode, description, jurisdiction, author, provider, license, attributionStatement } = item;
  return { caseIdentifierUUID, statementCode, description, jurisdiction, author, provider, license, attributionStatement };
}
