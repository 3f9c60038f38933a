/**
 * What a CASE 1.1 consumer checks of a package, written from the 1EdTech specification
 * (CFPackage binding), for the unit and end-to-end tests of the set's CASE export.
 */

/** CASE 1.1's association types. */
const ASSOCIATION_TYPES = [
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
];

/**
 * The CASE 1.1 CFPackage rules a consumer checks: required fields and their types, the
 * UUID pattern, date-times, LinkURIs, the association vocabulary, only the fields each
 * object may have, and every association's ends present in the package.
 */
export function checkCasePackage(pkg: any): string[] {
  const problems: string[] = [];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
  const check = (obj: any, where: string, required: Record<string, string>, allowed: string[]) => {
    for (const [key, type] of Object.entries(required)) {
      if (obj?.[key] === undefined) problems.push(`${where}.${key} is required`);
      else if (type === 'uuid' ? !UUID.test(obj[key]) : type === 'date-time' ? !DATE_TIME.test(obj[key]) : typeof obj[key] !== type)
        problems.push(`${where}.${key} is not a ${type}`);
    }
    for (const key of Object.keys(obj ?? {}))
      if (!allowed.includes(key) && !(key in required)) problems.push(`${where}.${key} is not allowed`);
  };
  const link = (obj: any, where: string) => check(obj, where, { title: 'string', identifier: 'uuid', uri: 'string' }, []);
  check(pkg, 'CFPackage', { CFDocument: 'object' }, ['CFItems', 'CFAssociations', 'CFDefinitions', 'CFRubrics', 'extensions']);
  const d = pkg.CFDocument;
  check(d, 'CFDocument', { identifier: 'uuid', uri: 'string', creator: 'string', title: 'string', lastChangeDateTime: 'date-time' }, [
    'frameworkType',
    'caseVersion',
    'officialSourceURL',
    'publisher',
    'description',
    'subject',
    'subjectURI',
    'language',
    'version',
    'adoptionStatus',
    'statusStartDate',
    'statusEndDate',
    'licenseURI',
    'notes',
    'extensions',
  ]);
  if (d.caseVersion !== '1.1') problems.push('CFDocument.caseVersion is not 1.1');
  if (d.licenseURI) link(d.licenseURI, 'CFDocument.licenseURI');
  const itemIds = new Set<string>([d.identifier]);
  pkg.CFItems.forEach((item: any, i: number) => {
    check(item, `CFItems[${i}]`, { identifier: 'uuid', uri: 'string', fullStatement: 'string', lastChangeDateTime: 'date-time' }, [
      'alternativeLabel',
      'CFItemType',
      'humanCodingScheme',
      'listEnumeration',
      'abbreviatedStatement',
      'conceptKeywords',
      'conceptKeywordsURI',
      'notes',
      'subject',
      'subjectURI',
      'language',
      'educationLevel',
      'CFItemTypeURI',
      'licenseURI',
      'statusStartDate',
      'statusEndDate',
      'extensions',
    ]);
    if (item.educationLevel && !(Array.isArray(item.educationLevel) && item.educationLevel.every((l: unknown) => typeof l === 'string')))
      problems.push(`CFItems[${i}].educationLevel is not a list of strings`);
    if (item.licenseURI) link(item.licenseURI, `CFItems[${i}].licenseURI`);
    if (itemIds.has(item.identifier)) problems.push(`CFItems[${i}].identifier is repeated`);
    itemIds.add(item.identifier);
  });
  pkg.CFAssociations.forEach((a: any, i: number) => {
    check(
      a,
      `CFAssociations[${i}]`,
      {
        identifier: 'uuid',
        uri: 'string',
        associationType: 'string',
        originNodeURI: 'object',
        destinationNodeURI: 'object',
        lastChangeDateTime: 'date-time',
      },
      ['sequenceNumber', 'CFAssociationGroupingURI', 'notes', 'extensions'],
    );
    if (!ASSOCIATION_TYPES.includes(a.associationType)) problems.push(`CFAssociations[${i}].associationType is not in CASE's vocabulary`);
    if (a.sequenceNumber !== undefined && !Number.isInteger(a.sequenceNumber))
      problems.push(`CFAssociations[${i}].sequenceNumber is not an integer`);
    link(a.originNodeURI, `CFAssociations[${i}].originNodeURI`);
    link(a.destinationNodeURI, `CFAssociations[${i}].destinationNodeURI`);
    if (!itemIds.has(a.originNodeURI.identifier) || !itemIds.has(a.destinationNodeURI.identifier))
      problems.push(`CFAssociations[${i}] names a node not in the package`);
  });
  check(pkg.CFDefinitions, 'CFDefinitions', {}, [
    'CFConcepts',
    'CFSubjects',
    'CFLicenses',
    'CFItemTypes',
    'CFAssociationGroupings',
    'extensions',
  ]);
  const groupings = new Set<string>();
  (pkg.CFDefinitions.CFAssociationGroupings ?? []).forEach((g: any, i: number) => {
    check(g, `CFAssociationGroupings[${i}]`, { identifier: 'uuid', uri: 'string', title: 'string', lastChangeDateTime: 'date-time' }, [
      'description',
      'extensions',
    ]);
    groupings.add(g.identifier);
  });
  pkg.CFAssociations.forEach((a: any, i: number) => {
    if (a.CFAssociationGroupingURI === undefined) return;
    link(a.CFAssociationGroupingURI, `CFAssociations[${i}].CFAssociationGroupingURI`);
    if (!groupings.has(a.CFAssociationGroupingURI.identifier))
      problems.push(`CFAssociations[${i}] names a CFAssociationGrouping not in CFDefinitions`);
  });
  pkg.CFDefinitions.CFLicenses.forEach((l: any, i: number) =>
    check(
      l,
      `CFLicenses[${i}]`,
      { identifier: 'uuid', uri: 'string', title: 'string', licenseText: 'string', lastChangeDateTime: 'date-time' },
      ['description', 'extensions'],
    ),
  );
  return problems;
}
