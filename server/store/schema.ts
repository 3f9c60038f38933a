/**
 * The database the local API serves from. Responses are stored pre-serialized
 * (`json`) because the data is immutable once imported: a page is a string join.
 * `seq` is each item's position in a depth-first walk of its framework with siblings
 * in natural order, so list pages come out in outline order and keyset paging is one
 * integer comparison.
 */
// Raised whenever the tables or what they store change, sibling order included
// (contract/natural-sort.ts): a database imported under another version is imported again.
export const SCHEMA_VERSION = 9;

export const CREATE_TABLES = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE frameworks (
  rank INTEGER PRIMARY KEY,
  case_uuid TEXT NOT NULL UNIQUE,
  jurisdiction TEXT,
  academic_subject TEXT,
  adoption_status TEXT,
  is_current INTEGER NOT NULL,
  json BLOB NOT NULL
);
CREATE TABLE items (
  seq INTEGER PRIMARY KEY,
  case_uuid TEXT NOT NULL,
  framework_rank INTEGER,
  depth INTEGER,
  code_lc TEXT,
  grade_mask INTEGER NOT NULL,
  academic_subject TEXT,
  normalized_type TEXT,
  jurisdiction TEXT,
  json BLOB NOT NULL
);
CREATE TABLE edges (
  parent TEXT NOT NULL,
  position INTEGER NOT NULL,
  child_seq INTEGER NOT NULL,
  PRIMARY KEY (parent, position)
) WITHOUT ROWID;
-- What each connections operation answers for a standard, in answer order (position),
-- as the answer's JSON: crosswalks from both ends, prerequisites, builds-towards and
-- related standards (both directions). Built at import from the relationships.
-- A rowid table with a separate key index, not WITHOUT ROWID: answers are around a
-- kilobyte, and WITHOUT ROWID rows that large spill into half-empty overflow pages
-- (measured on the full-size export: 303 MB as WITHOUT ROWID).
CREATE TABLE connections (
  operation TEXT NOT NULL,
  asked TEXT NOT NULL,
  position INTEGER NOT NULL,
  jurisdiction TEXT,
  jaccard REAL,
  json BLOB NOT NULL
);
-- Learning components (skills): \`rowid\` in identifier order, the list operation's keyset.
CREATE TABLE learning_components (
  rowid INTEGER PRIMARY KEY,
  identifier TEXT NOT NULL,
  academic_subject TEXT,
  json BLOB NOT NULL
);
-- Which standards each skill supports: \`position\` orders a standard's skills (by
-- description), \`item_seq\` a skill's standards (outline order, framework by framework).
CREATE TABLE supports (
  item_seq INTEGER NOT NULL,
  position INTEGER NOT NULL,
  lc INTEGER NOT NULL,
  PRIMARY KEY (item_seq, position)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE learning_components_fts USING fts5(
  description, content='', tokenize='porter unicode61 remove_diacritics 2'
);
-- Porter stemming: "fractions" finds "fraction" without a prefix query (a prefix merges
-- every matching term's whole list, which on the full export costs more than the ranking).
CREATE VIRTUAL TABLE items_fts USING fts5(
  code, description, notes, content='', tokenize='porter unicode61 remove_diacritics 2'
);
`;

/** Built after the bulk inserts: faster than maintaining them row by row. */
export const CREATE_INDEXES = `
CREATE UNIQUE INDEX items_case_uuid ON items (case_uuid);
CREATE INDEX items_framework_seq ON items (framework_rank, seq);
CREATE INDEX items_code ON items (code_lc) WHERE code_lc IS NOT NULL;
CREATE INDEX items_framework_code ON items (framework_rank, code_lc) WHERE code_lc IS NOT NULL;
CREATE INDEX edges_child ON edges (child_seq);
CREATE UNIQUE INDEX learning_components_identifier ON learning_components (identifier);
CREATE INDEX learning_components_subject ON learning_components (academic_subject, rowid);
CREATE UNIQUE INDEX supports_lc ON supports (lc, item_seq);
CREATE UNIQUE INDEX connections_key ON connections (operation, asked, position);
`;
