/**
 * The connections operations (contract 6–9), by their path segment: one list for the
 * local API's routes, the importer's table, the client's queries and saved data. Kept
 * apart from the schemas so that importing the names loads no schema code.
 */
export const PROGRESSION_OPERATIONS = ['prerequisites', 'builds-towards', 'related-standards'] as const;
export const CONNECTION_OPERATIONS = ['crosswalks', ...PROGRESSION_OPERATIONS] as const;

export type ProgressionOperation = (typeof PROGRESSION_OPERATIONS)[number];
export type ConnectionOperation = (typeof CONNECTION_OPERATIONS)[number];
