/**
 * A set as a CASE 1.1 package (1EdTech Competencies and Academic Standards Exchange, in
 * its CFPackage form, where items and associations name no document: the package holds them):
 * one CFDocument for the set, a CFItem for each standard and for each grouping above it
 * (so a CASE tool shows the outline), and the license with the data's attribution in
 * CFDefinitions.
 *
 * Two orders, each where CASE has a place for it:
 * - the framework's own: CFItems and the `isChildOf` associations follow the outline, and
 *   each `sequenceNumber` numbers an item among its siblings in the set in the framework's
 *   sibling order (the rules the tree uses), whatever order the designer gave the set;
 * - the designer's: a CFAssociationGrouping "Order of the set" holds `precedes`
 *   associations from each standard to the next in the set's own order, numbered 1, 2, …
 *   (CASE's `precedes`: the origin comes before the destination in time or order).
 *
 * Items keep the data's own CASE UUIDs and URIs. What the data has no identifier for
 * (the set's document, its associations, the license record) gets a name-based UUID
 * (version 5) derived from the set's id, so exporting the same set twice gives the same
 * identifiers and a CASE tool updates what it imported instead of adding a copy.
 */
import { v5 as nameUuid } from 'uuid';
import type { StandardsItem } from '../../contract/schemas';
import type { ExportEntry } from './export-entries';
import { shortName } from './item-name';
import { describeSet } from './set-count';
import { outlineOf } from './set-outline';

/** The namespace of every identifier this app derives (UUID v5). */
const NAMESPACE = '5f0c7c1e-4b7a-4d0e-9c55-3a2f9e6b8d41';
export const CASE_VERSION = '1.1';
export const ASSOCIATION_TYPES = [
  'isChildOf',
  'isPeerOf',
  'isPartOf',
  'exactMatchOf',
  'precedes',
  'isRelatedTo',
  'replacedBy',
  'exemplar',
  'hasSkillLevel',
  'isTranslationOf',
] as const;

export interface LinkUri {
  title: string;
  identifier: string;
  uri: string;
}

export interface CasePackage {
  CFDocument: {
    identifier: string;
    uri: string;
    creator: string;
    title: string;
    lastChangeDateTime: string;
    description?: string;
    publisher?: string;
    language: string;
    caseVersion: typeof CASE_VERSION;
    subject?: string[];
    licenseURI?: LinkUri;
    notes?: string;
  };
  CFItems: Array<{
    identifier: string;
    uri: string;
    fullStatement: string;
    humanCodingScheme?: string;
    CFItemType?: string;
    educationLevel?: string[];
    language?: string;
    lastChangeDateTime: string;
    licenseURI?: LinkUri;
    notes?: string;
  }>;
  CFAssociations: Array<{
    identifier: string;
    uri: string;
    associationType: (typeof ASSOCIATION_TYPES)[number];
    sequenceNumber: number;
    originNodeURI: LinkUri;
    destinationNodeURI: LinkUri;
    CFAssociationGroupingURI?: LinkUri;
    lastChangeDateTime: string;
  }>;
  CFDefinitions: {
    CFAssociationGroupings?: Array<{ identifier: string; uri: string; title: string; description: string; lastChangeDateTime: string }>;
    CFLicenses: Array<{
      identifier: string;
      uri: string;
      title: string;
      description?: string;
      licenseText: string;
      lastChangeDateTime: string;
    }>;
  };
}

const urn = (uuid: string) => `urn:uuid:${uuid}`;
/** The data's dates ("2025-03-27") as CASE's date-time. */
const dateTime = (date: string | null | undefined, fallback: string) => {
  if (!date) return fallback;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date);
  return Number.isNaN(d.getTime()) ? fallback : d.toISOString().replace(/\.\d{3}Z$/, '+00:00');
};
/** CASE's education levels are the CEDS grade codes: KG, 01 … 12, PK. */
const educationLevel = (grade: string) => (/^\d$/.test(grade) ? `0${grade}` : grade === 'K' ? 'KG' : grade);
const LICENSE_TITLES: Record<string, string> = {
  'https://creativecommons.org/licenses/by/4.0/': 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
};

export interface SetForCase {
  /** The set's own id (a UUID kept through renames): the document's identifier comes from it. */
  id: string;
  name: string;
  note: string;
  updatedAt: string;
}

/** The set's document identifier, the same on every export of the set (the Moodle framework's ID number holds it too). */
export const setDocumentId = (setId: string) => nameUuid(`set:${setId}`, NAMESPACE);

export function toCasePackage(set: SetForCase, entries: readonly ExportEntry[]): CasePackage {
  const docId = setDocumentId(set.id);
  const changed = dateTime(set.updatedAt, new Date().toISOString());
  const documentUri: LinkUri = { title: set.name, identifier: docId, uri: urn(docId) };

  // Every item once, with its parent, in the framework's outline order.
  const { items, parentOf, childrenOf, outline } = outlineOf(entries);

  const licenses = new Map<string, { attributions: Set<string> }>();
  for (const item of items.values()) {
    const entry = licenses.get(item.license) ?? { attributions: new Set<string>() };
    entry.attributions.add(item.attributionStatement);
    licenses.set(item.license, entry);
  }
  const licenseLink = (url: string): LinkUri => ({
    title: LICENSE_TITLES[url] ?? url,
    identifier: nameUuid(`license:${url}`, NAMESPACE),
    uri: url,
  });
  const CFLicenses = [...licenses].map(([url, { attributions }]) => ({
    ...licenseLink(url),
    description: 'The license of the standards in this set, with the attribution it asks for.',
    licenseText: [...attributions].join('\n\n'),
    lastChangeDateTime: changed,
  }));

  const uriOf = (item: StandardsItem) => item.caseIdentifierURI || urn(item.caseIdentifierUUID);
  const linkOf = (item: StandardsItem): LinkUri => ({ title: shortName(item), identifier: item.caseIdentifierUUID, uri: uriOf(item) });

  const CFItems = outline.map((item) => ({
    identifier: item.caseIdentifierUUID,
    uri: uriOf(item),
    fullStatement: item.description || item.name || item.statementCode || 'Untitled',
    ...(item.statementCode && { humanCodingScheme: item.statementCode }),
    ...((item.statementType ?? item.normalizedStatementType) && { CFItemType: (item.statementType ?? item.normalizedStatementType)! }),
    ...(item.gradeLevel?.length && { educationLevel: item.gradeLevel.map(educationLevel) }),
    ...(item.inLanguage && { language: item.inLanguage }),
    lastChangeDateTime: dateTime(item.dateModified ?? item.dateCreated, changed),
    licenseURI: licenseLink(item.license),
    ...(item.notes && { notes: item.notes }),
  }));

  const CFAssociations: CasePackage['CFAssociations'] = outline.map((item) => {
    const parentId = parentOf.get(item.caseIdentifierUUID) ?? null;
    const parent = parentId ? items.get(parentId)! : null;
    const destinationId = parent?.caseIdentifierUUID ?? docId;
    const identifier = nameUuid(`isChildOf:${item.caseIdentifierUUID}:${destinationId}:${docId}`, NAMESPACE);
    return {
      identifier,
      uri: urn(identifier),
      associationType: 'isChildOf' as const,
      sequenceNumber: childrenOf.get(parentId)!.indexOf(item) + 1,
      originNodeURI: linkOf(item),
      destinationNodeURI: parent ? linkOf(parent) : documentUri,
      lastChangeDateTime: changed,
    };
  });

  // The designer's order: each entry precedes the next, in a grouping of its own.
  const orderId = nameUuid(`order:${docId}`, NAMESPACE);
  const order = { title: `Order of “${set.name}”`, identifier: orderId, uri: urn(orderId) };
  const CFAssociationGroupings =
    entries.length > 1
      ? [
          {
            ...order,
            description: 'The order the set’s author gave its standards: each precedes the next.',
            lastChangeDateTime: changed,
          },
        ]
      : [];
  entries.slice(1).forEach(({ item }, i) => {
    const before = entries[i]!.item;
    const identifier = nameUuid(`precedes:${before.caseIdentifierUUID}:${item.caseIdentifierUUID}:${docId}`, NAMESPACE);
    CFAssociations.push({
      identifier,
      uri: urn(identifier),
      associationType: 'precedes',
      sequenceNumber: i + 1,
      originNodeURI: linkOf(before),
      destinationNodeURI: linkOf(item),
      CFAssociationGroupingURI: order,
      lastChangeDateTime: changed,
    });
  });

  const authors = [...new Set(entries.map((e) => e.item.author))];
  const providers = [...new Set(entries.map((e) => e.item.provider))];
  const subjects = [...new Set(entries.flatMap((e) => e.item.academicSubject ?? []))];
  return {
    CFDocument: {
      identifier: docId,
      uri: urn(docId),
      creator: authors.join('; ') || 'Standards Explorer',
      title: set.name,
      lastChangeDateTime: changed,
      ...(set.note && { description: set.note }),
      ...(providers.length && { publisher: providers.join('; ') }),
      language: entries[0]?.item.inLanguage ?? 'en',
      caseVersion: CASE_VERSION,
      ...(subjects.length && { subject: subjects }),
      ...(CFLicenses[0] && { licenseURI: licenseLink(CFLicenses[0].uri) }),
      notes: `A set of ${describeSet(entries)} made with Standards Explorer. ${[...new Set(entries.map((e) => e.item.attributionStatement))].join(' ')}`,
    },
    CFItems,
    CFAssociations,
    CFDefinitions: { CFLicenses, ...(CFAssociationGroupings.length && { CFAssociationGroupings }) },
  };
}
