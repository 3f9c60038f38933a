/**
 * A model names a jurisdiction or a subject the way people do ("CA", "california",
 * "Common Core", "Math", "ELA"); the REST API takes only its enum values. These turn what
 * a model wrote into the value the API takes. Anything not recognised is passed on as
 * written, so the API's own error names the values it takes.
 */
import { ACADEMIC_SUBJECTS } from '../../contract/schemas';
import { JURISDICTIONS } from '../api/jurisdictions';

/** USPS abbreviations, in the order of JURISDICTIONS (50 states, then Washington, D.C.). */
const STATE_ABBREVIATIONS =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  );

/** Letters and digits only, lower case: "Washington, D.C." and "washington dc" meet. */
const key = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

const jurisdictionByKey = new Map<string, string>([
  ...JURISDICTIONS.map((j) => [key(j), j] as const),
  ...STATE_ABBREVIATIONS.map((a, i) => [key(a), JURISDICTIONS[i]!] as const),
  // Common Core is the data's multi-state framework.
  ...['Common Core', 'CCSS', 'Common Core State Standards', 'Multistate', 'National', 'US'].map((n) => [key(n), 'Multi-State'] as const),
  ['districtofcolumbia', 'Washington, D.C.'],
]);

const subjectByKey = new Map<string, string>([
  ...ACADEMIC_SUBJECTS.map((s) => [key(s), s] as const),
  ...['Math', 'Maths'].map((n) => [key(n), 'Mathematics'] as const),
  ...['ELA', 'English', 'Reading', 'Literacy', 'ELA/Literacy'].map((n) => [key(n), 'English Language Arts'] as const),
  ...['Social Science', 'History', 'Civics'].map((n) => [key(n), 'Social Studies'] as const),
]);

const named = (byKey: Map<string, string>, v: string | undefined) => (v === undefined ? undefined : (byKey.get(key(v)) ?? v.trim()));

export const jurisdictionNamed = (v: string | undefined) => named(jurisdictionByKey, v);
export const subjectNamed = (v: string | undefined) => named(subjectByKey, v);
