/**
 * When a Moodle file is more than one import can be trusted with, said before it is
 * downloaded. Moodle makes the whole framework in the one request that confirms the
 * import, a competency at a time (each is validated against the database, written, given
 * its place and logged as an event), and a request that outlives PHP's time limit (30
 * seconds unless the server raises it) stops where it is: a framework half made. The file
 * itself goes through Moodle's upload, capped by the site's "Maximum uploaded file size",
 * which PHP's own default holds at 2 MB.
 *
 * Each competency costs Moodle a handful of database queries and a logged event: at some
 * 20 ms each on a modest server (an estimate, not a measurement), 1,200 competencies take
 * about 24 seconds, inside the default limit. At that line California Math whole (1,467
 * items) is said too large and is split by grade; each of its grades, its high school
 * grades together (1,002: high school standards list grades 9 to 12) and Common Core
 * whole (836) are not. The file's size is checked too, for text-heavy frameworks.
 */
export const MOODLE_MAX_COMPETENCIES = 1200;
export const MOODLE_MAX_BYTES = 2 * 1024 * 1024;

export interface MoodleSize {
  competencies: number;
  bytes: number;
}

/** Bytes of the file as downloaded (UTF-8). */
export const fileBytes = (csv: string) => new TextEncoder().encode(csv).length;

/** Why the file is too large for one import, or null when it is not. */
export function tooLargeForOneImport({ competencies, bytes }: MoodleSize): string | null {
  const many = competencies > MOODLE_MAX_COMPETENCIES;
  const heavy = bytes > MOODLE_MAX_BYTES;
  if (!many && !heavy) return null;
  const what = [many && `${competencies.toLocaleString('en-US')} competencies`, heavy && `${(bytes / 1024 / 1024).toFixed(1)} MB`]
    .filter(Boolean)
    .join(' in ');
  return `This file holds ${what}: more than one Moodle import is sure to finish (${MOODLE_MAX_COMPETENCIES.toLocaleString('en-US')} competencies or 2 MB). Moodle makes them all in one request, and a request cut off by the server's time limit leaves the framework half made.`;
}

/** Where the file goes in Moodle 4.x. */
export const MOODLE_IMPORT_PAGE = 'Site administration › Competencies › Import competency framework';

/** What a status says once the file is downloaded. */
export const downloadedForMoodle = (competencies: number) =>
  `Downloaded a Moodle competency framework of ${competencies.toLocaleString('en-US')} ${competencies === 1 ? 'competency' : 'competencies'}: import it at ${MOODLE_IMPORT_PAGE}.`;

/** How to split a framework too large for one import, given the grades already chosen. */
export function splitFrameworkAdvice(gradesChosen: number): string {
  if (gradesChosen === 1)
    return 'It is one grade already, which the Grade filter cannot split: download it anyway only for a Moodle whose PHP time limit has been raised for the import.';
  return `Choose ${gradesChosen > 1 ? 'fewer grades' : 'one grade or a few'} (the Grade filter) and download each part: each imports as a framework of its own.`;
}
