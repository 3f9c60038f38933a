/**
 * A parent with thousands of children, as export records: the case the tree, export and
 * print must page through to the end (the API gives at most 1,000 children a page).
 */
export interface WideBranch {
  /** Graph identifier of the framework node the parent hangs under. */
  frameworkNode: string;
  /** The parent's caseIdentifierUUID. */
  parent: string;
  /** The parent's code; children are coded `<code>.1`, `<code>.2`, … */
  code: string;
  children: number;
  childId: (i: number) => string;
  /** Jurisdiction, subject, language, license and attribution shared by every record. */
  common: Record<string, string>;
}

export function wideBranchLines(b: WideBranch): { nodes: string[]; relationships: string[] } {
  const node = (graphId: string, properties: Record<string, string>) =>
    JSON.stringify({
      type: 'node',
      identifier: graphId,
      labels: ['StandardsFrameworkItem'],
      properties: {
        identifier: graphId,
        gradeLevel: '["3"]',
        normalizedStatementType: 'Standard',
        statementType: 'Standard',
        ...b.common,
        ...properties,
      },
    });
  const edge = (n: number, from: string, to: string) =>
    JSON.stringify({
      type: 'relationship',
      identifier: `${b.parent}-edge-${n}`,
      label: 'hasChild',
      properties: {},
      source_identifier: from,
      target_identifier: to,
    });
  const parentNode = `${b.parent}-node`;
  const nodes = [
    node(parentNode, { caseIdentifierUUID: b.parent, statementCode: b.code, description: `Wide parent with ${b.children} children` }),
  ];
  const relationships = [edge(0, b.frameworkNode, parentNode)];
  for (let i = 1; i <= b.children; i++) {
    nodes.push(
      node(`${b.parent}-node-${i}`, { caseIdentifierUUID: b.childId(i), statementCode: `${b.code}.${i}`, description: `Child ${i}` }),
    );
    relationships.push(edge(i, parentNode, `${b.parent}-node-${i}`));
  }
  return { nodes, relationships };
}
