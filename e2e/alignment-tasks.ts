/** The public alignment problems (bench/data/alignment-tasks.json): a problem's text by the standard it was written for. */
import { readFileSync } from 'node:fs';

const tasks = JSON.parse(readFileSync(new URL('../bench/data/alignment-tasks.json', import.meta.url), 'utf8')) as Array<{
  text: string;
  want: string[];
}>;

export const problemFor = (code: string) => tasks.find((t) => t.want[0] === code)!.text;
