/**
 * Writes a synthetic export in the real Learning Commons JSONL format at the full
 * export's size: ~215 frameworks, ~220k items up to 8 levels deep, realistic text
 * lengths, ~25k LearningComponent nodes (which the API does not serve) with their
 * `supports` and `hasPart` edges, and the standards' own relationship kinds in the real
 * export's proportions. Deterministic (seeded).
 * Usage: npx tsx bench/generate-export.ts <folder> [frameworks]
 */
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { prng } from '../server/test-support/fuzz';
import { JURISDICTIONS } from '../server/api/jurisdictions';
import { REAL_DATA } from '../server/config';

/**
 * The real data's standard descriptions: drawing from them gives word search the real
 * export's word frequencies ("the" in most items, "students" in some, "fractions" in few)
 * rather than a tiny vocabulary where every word is everywhere.
 */
function realDescriptions(): string[] {
  return readFileSync(join(REAL_DATA, 'nodes.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { properties: { description?: unknown } }).properties.description)
    .filter((d): d is string => typeof d === 'string' && d.length > 40);
}

const WORDS = (
  'understand fractions equivalent number line represent compare reason quantities whole numbers place value operations ' +
  'addition subtraction multiplication division measure data graph geometry shapes angles area perimeter volume ratio rate ' +
  'proportional relationships expressions equations inequalities functions linear quadratic exponential model statistics ' +
  'probability explain justify solve problems using strategies models drawings including with within and of the a to by'
).split(' ');
const GRADES = ['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const SUBJECTS = ['Mathematics', 'English Language Arts', 'Science', 'Social Studies'];

class Lines {
  private buffer: string[] = [];
  constructor(private readonly out: WriteStream) {}
  async push(record: object) {
    this.buffer.push(JSON.stringify(record));
    if (this.buffer.length >= 2000) await this.flush();
  }
  async flush() {
    if (!this.buffer.length) return;
    const chunk = this.buffer.join('\n') + '\n';
    this.buffer = [];
    if (!this.out.write(chunk)) await new Promise<void>((r) => this.out.once('drain', () => r()));
  }
  async close() {
    await this.flush();
    await new Promise((r) => this.out.end(r));
  }
}

export async function generateExport(dir: string, frameworks = 215, seed = 7): Promise<{ items: number; relationships: number }> {
  mkdirSync(dir, { recursive: true });
  const rand = prng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const real = realDescriptions();
  const standardText = () => {
    const text = pick(real);
    return rand() < 0.1 ? `${text} $\\frac{${1 + Math.floor(rand() * 9)}}{${2 + Math.floor(rand() * 9)}}$` : text;
  };
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(rand() * (max - min));
    const words = Array.from({ length: n }, () => pick(WORDS));
    if (rand() < 0.1) words.push(`$\\frac{${1 + Math.floor(rand() * 9)}}{${2 + Math.floor(rand() * 9)}}$`);
    if (rand() < 0.1) words.push('*for example*');
    const s = words.join(' ');
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  };
  let counter = 0;
  const uuid = () => {
    counter++;
    const h = (counter * 2654435761 + seed).toString(16).padStart(12, '0').slice(-12);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${(counter % 4096).toString(16).padStart(3, '0')}-a${((counter >> 12) % 4096).toString(16).padStart(3, '0')}-${counter.toString(16).padStart(12, '0')}`;
  };
  const nodes = new Lines(createWriteStream(join(dir, 'nodes.jsonl')));
  const rels = new Lines(createWriteStream(join(dir, 'relationships.jsonl')));
  let items = 0;
  let relationships = 0;
  const standards: string[] = [];
  const license = 'https://creativecommons.org/licenses/by/4.0/';

  const relation = async (label: string, source: string, target: string, ends = ['StandardsFrameworkItem', 'StandardsFrameworkItem']) => {
    relationships++;
    const id = uuid();
    const shared = 1 + Math.floor(rand() * 4);
    const state = shared + Math.floor(rand() * 3);
    const ccss = shared + Math.floor(rand() * 3);
    await rels.push({
      type: 'relationship',
      identifier: id,
      label,
      properties: {
        ...(label === 'hasStandardAlignment'
          ? {
              jaccard: String(Math.round((shared / (state + ccss - shared)) * 100) / 100),
              stateLCCount: String(state),
              ccssLCCount: String(ccss),
              sharedLCCount: String(shared),
            }
          : {}),
        identifier: id,
        relationshipType: label,
        license,
        attributionStatement: 'Synthetic benchmark data.',
        provider: 'Bench',
        author: 'Bench',
        description: `A ${label} relationship between two items of the benchmark export.`,
      },
      source_identifier: source,
      source_labels: [ends[0]],
      target_identifier: target,
      target_labels: [ends[1]],
    });
  };

  for (let f = 0; f < frameworks; f++) {
    const jurisdiction = JURISDICTIONS[f % JURISDICTIONS.length]!;
    const subject = SUBJECTS[f % SUBJECTS.length]!;
    const fwId = uuid();
    const attribution = `Knowledge Graph is provided by Learning Commons under the CC BY-4.0 license. ${jurisdiction} ${subject} standards (synthetic benchmark copy).`;
    // What the framework and every one of its items say alike.
    const shared = {
      jurisdiction,
      academicSubject: subject,
      inLanguage: 'en-US',
      adoptionStatus: 'Adopted',
      isCurrent: 'true',
      dateModified: '2025-03-27',
      author: 'Bench',
      provider: 'Learning Commons',
      license,
      attributionStatement: attribution,
    };
    await nodes.push({
      type: 'node',
      identifier: fwId,
      labels: ['StandardsFramework'],
      properties: {
        identifier: fwId,
        caseIdentifierUUID: uuid(),
        caseIdentifierURI: `https://example.org/CFDocuments/${fwId}`,
        name: `${jurisdiction} ${subject} Standards ${f}`,
        ...shared,
      },
    });
    // Levels: grouping → grade → domain → cluster → standard → component → sub-component → detail.
    // The first framework is the export's largest (~9,900 items); every 36th has one
    // cluster of 300–960 standards, as the real export's widest parents.
    const fanout = f === 0 ? [3, 13, 5, 4, 4, 2, 1, 1] : [3, 4, 3, 3, 3, 2, 1, 1];
    let wide = f % 36 === 1 ? 300 + ((f * 97) % 661) : 0;
    const visit = async (parent: string, level: number, code: string, grades: string[]) => {
      if (level >= fanout.length) return;
      let n = level >= 5 ? (rand() < (level === 5 ? 0.7 : 0.25) ? fanout[level]! : 0) : fanout[level]!;
      if (level === 4 && wide) [n, wide] = [wide, 0];
      for (let i = 0; i < n; i++) {
        const id = uuid();
        const childGrades = level === 1 ? [pick(GRADES)] : grades;
        const childCode =
          level === 0
            ? ''
            : code
              ? `${code}.${level === 2 ? 'ABCDEFGH'[i] : i + 1}`
              : `${childGrades[0]}.${pick(['NF', 'OA', 'MD', 'G', 'RP', 'EE'])}`;
        items++;
        await nodes.push({
          type: 'node',
          identifier: id,
          labels: ['StandardsFrameworkItem'],
          properties: {
            identifier: id,
            caseIdentifierUUID: uuid(),
            caseIdentifierURI: `https://example.org/CFItems/${id}`,
            ...(level >= 2 ? { statementCode: childCode } : {}),
            description: level < 3 ? sentence(2, 6) : standardText(),
            ...(rand() < 0.1 ? { notes: sentence(6, 20) } : {}),
            gradeLevel: JSON.stringify(childGrades),
            normalizedStatementType: level >= 4 ? 'Standard' : 'Standard Grouping',
            statementType: ['Grouping', 'Grade Level', 'Domain', 'Cluster', 'Standard', 'Component', 'Component', 'Component'][level],
            ...shared,
          },
        });
        relationships++;
        const rid = uuid();
        await rels.push({
          type: 'relationship',
          identifier: rid,
          label: 'hasChild',
          properties: {
            identifier: rid,
            relationshipType: 'hasChild',
            license,
            attributionStatement: attribution,
            provider: 'Learning Commons',
            author: 'Bench',
            description: 'A hasChild relationship indicates that one entity serves as the parent of another.',
          },
          source_identifier: parent,
          source_labels: [level === 0 ? 'StandardsFramework' : 'StandardsFrameworkItem'],
          target_identifier: id,
          target_labels: ['StandardsFrameworkItem'],
        });
        if (level === 4) standards.push(id);
        await visit(id, level + 1, childCode, level === 0 ? GRADES : childGrades);
      }
    };
    const firstStandard = standards.length;
    await visit(fwId, 0, '', GRADES);
    // Learning components: skills the framework's standards are made of. Each supports
    // a few standards and is part of a larger component, as in the real export.
    const components: string[] = [];
    for (let c = 0; c < 115; c++) {
      const id = uuid();
      components.push(id);
      await nodes.push({
        type: 'node',
        identifier: id,
        labels: ['LearningComponent'],
        properties: { identifier: id, description: sentence(4, 12), ...shared },
      });
      // Six standards each: ~150,000 supports links across the export, as in the real one.
      for (let k = 0; k < 6; k++) {
        const standard = standards[firstStandard + Math.floor(rand() * (standards.length - firstStandard))]!;
        await relation('supports', id, standard, ['LearningComponent', 'StandardsFrameworkItem']);
      }
      for (let k = 0; k < 3 && c > 0; k++) await relation('hasPart', pick(components), id, ['LearningComponent', 'LearningComponent']);
    }
  }
  // The standards' own kinds, in the real export's proportions (~65k in all).
  for (let i = 0; i < 65_000; i++) {
    await relation(
      pick(['buildsTowards', 'buildsTowards', 'relatesTo', 'hasStandardAlignment', 'hasStandardAlignment']),
      pick(standards),
      pick(standards),
    );
  }
  await nodes.close();
  await rels.close();
  return { items, relationships };
}

if (process.argv[1]?.endsWith('generate-export.ts')) {
  const [dir, count] = process.argv.slice(2);
  if (!dir) throw new Error('Usage: npx tsx bench/generate-export.ts <folder> [frameworks]');
  const started = performance.now();
  generateExport(dir, count ? Number(count) : undefined).then((r) =>
    console.log(`${r.items} items, ${r.relationships} relationships in ${((performance.now() - started) / 1000).toFixed(1)} s`),
  );
}
