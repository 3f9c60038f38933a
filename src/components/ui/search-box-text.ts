/** The search box's words, shared by the search and the embed's stand-in box that loads before it. */
export const SEARCH_LABEL = 'Search this framework';
export const SEARCH_PLACEHOLDER = 'Search by code (3.NF.A.1) or words (unit fractions)';
