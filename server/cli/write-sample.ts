/**
 * Writes data/sample/: the project's own small export in the Learning Commons JSONL
 * format, so a machine without the real data can run everything. The text is written
 * for this project and is not an official standards document.
 * Run: npx tsx server/cli/write-sample.ts
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SAMPLE_DATA } from '../config';

const uuid = (seed: string) => {
  const h = createHash('sha1').update(`standards-explorer-sample:${seed}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const LICENSE = 'https://creativecommons.org/licenses/by/4.0/';
const ATTRIBUTION = {
  en: 'Sample standards written for Standards Explorer as demonstration data; not an official standards document. Shared under the CC BY-4.0 license.',
  es: 'Estándares de ejemplo escritos para Standards Explorer como datos de demostración; no es un documento oficial. Compartidos bajo la licencia CC BY-4.0.',
};

interface Spec {
  code?: string;
  text: string;
  type?: string;
  normalized?: 'Standard' | 'Standard Grouping';
  grades: string[];
  notes?: string;
  children?: Spec[];
}

const nodes: object[] = [];
const relationships: object[] = [];

function framework(key: string, name: string, lang: 'en' | 'es', jurisdiction: string, top: Spec[]) {
  const id = uuid(`${key}:graph`);
  const caseId = uuid(`${key}:case`);
  nodes.push({
    type: 'node',
    identifier: id,
    labels: ['StandardsFramework'],
    properties: {
      identifier: id,
      caseIdentifierUUID: caseId,
      caseIdentifierURI: `https://example.org/case/CFDocuments/${caseId}`,
      name,
      jurisdiction,
      academicSubject: 'Mathematics',
      inLanguage: lang === 'en' ? 'en-US' : 'es-US',
      adoptionStatus: 'Adopted',
      isCurrent: 'true',
      dateModified: '2026-01-15',
      author: 'Standards Explorer',
      provider: 'Standards Explorer',
      license: LICENSE,
      attributionStatement: ATTRIBUTION[lang],
    },
  });
  top.forEach((spec, i) => item(spec, id, `${key}/${i}`, lang, jurisdiction));
}

function item(spec: Spec, parentId: string, path: string, lang: 'en' | 'es', jurisdiction: string) {
  const id = uuid(`${path}:graph`);
  const caseId = uuid(`${path}:case`);
  const properties: Record<string, string> = {
    identifier: id,
    caseIdentifierUUID: caseId,
    caseIdentifierURI: `https://example.org/case/CFItems/${caseId}`,
    description: spec.text,
    gradeLevel: JSON.stringify(spec.grades),
    jurisdiction,
    academicSubject: 'Mathematics',
    inLanguage: lang === 'en' ? 'en-US' : 'es-US',
    adoptionStatus: 'Adopted',
    isCurrent: 'true',
    dateModified: '2026-01-15',
    author: 'Standards Explorer',
    provider: 'Standards Explorer',
    license: LICENSE,
    attributionStatement: ATTRIBUTION[lang],
  };
  if (spec.code) properties.statementCode = spec.code;
  if (spec.type) properties.statementType = spec.type;
  if (spec.normalized) properties.normalizedStatementType = spec.normalized;
  if (spec.notes) properties.notes = spec.notes;
  nodes.push({ type: 'node', identifier: id, labels: ['StandardsFrameworkItem'], properties });
  relationships.push(edge('hasChild', parentId, id, lang));
  spec.children?.forEach((child, i) => item(child, id, `${path}/${i}`, lang, jurisdiction));
}

function edge(label: string, source: string, target: string, lang: 'en' | 'es') {
  const identifier = uuid(`${label}:${source}:${target}`);
  return {
    type: 'relationship',
    identifier,
    label,
    properties: {
      identifier,
      relationshipType: label,
      license: LICENSE,
      attributionStatement: ATTRIBUTION[lang],
      provider: 'Standards Explorer',
      author: 'Standards Explorer',
    },
    source_identifier: source,
    source_labels: ['StandardsFrameworkItem'],
    target_identifier: target,
    target_labels: ['StandardsFrameworkItem'],
  };
}

const std = (code: string, text: string, grades: string[], children?: Spec[], notes?: string): Spec => ({
  code,
  text,
  type: children ? 'Standard' : 'Standard',
  normalized: 'Standard',
  grades,
  children,
  notes,
});
const component = (code: string, text: string, grades: string[]): Spec => ({
  code,
  text,
  type: 'Component',
  normalized: 'Standard',
  grades,
});
const cluster = (code: string, text: string, grades: string[], children: Spec[]): Spec => ({
  code,
  text,
  type: 'Cluster',
  normalized: 'Standard Grouping',
  grades,
  children,
});
const domain = (code: string | undefined, text: string, grades: string[], children: Spec[]): Spec => ({
  code,
  text,
  type: 'Domain',
  normalized: 'Standard Grouping',
  grades,
  children,
});

framework('en', 'Sample Mathematics Standards (demonstration)', 'en', 'Multi-State', [
  {
    text: 'Habits of Mathematical Thinking',
    grades: ['K', '1', '2', '3', '4', '5', '6', '7', '8'],
    children: [
      std('HMT.1', 'Make sense of a problem before solving it, and keep checking that the answer is *reasonable*.', [
        'K',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
      ]),
      std('HMT.2', 'Explain a line of reasoning to a classmate and respond to questions about it.', [
        'K',
        '1',
        '2',
        '3',
        '4',
        '5',
        '6',
        '7',
        '8',
      ]),
      std('HMT.3', 'Choose tools (number lines, drawings, tables) that fit the task.', ['K', '1', '2', '3', '4', '5', '6', '7', '8']),
      { text: 'Notes for teachers on using these habits across grades.', grades: ['K', '1', '2', '3', '4', '5', '6', '7', '8'] },
    ],
  },
  {
    text: 'Content Standards',
    grades: ['K', '1', '3'],
    children: [
      {
        text: 'Grade 3',
        type: 'Grade Level',
        normalized: 'Standard Grouping',
        grades: ['3'],
        children: [
          domain(
            '3.FR',
            'Fractions as Numbers',
            ['3'],
            [
              cluster(
                '3.FR.A',
                'Understand fractions as numbers on the number line.',
                ['3'],
                [
                  std(
                    '3.FR.A.1',
                    'Understand a unit fraction $\\frac{1}{b}$ as one of $b$ equal parts of a whole, and $\\frac{a}{b}$ as $a$ parts of size $\\frac{1}{b}$.',
                    ['3'],
                    [
                      component('3.FR.A.1a', 'Partition a strip into $b$ equal parts and name one part as $\\frac{1}{b}$.', ['3']),
                      component('3.FR.A.1b', 'Recognize that $\\frac{b}{b} = 1$ for any whole number $b > 0$.', ['3']),
                    ],
                  ),
                  std('3.FR.A.2', 'Place fractions on a number line diagram, *for example* $\\frac{3}{4}$ between 0 and 1.', ['3']),
                  std(
                    '3.FR.A.10',
                    'Compare two fractions with the same numerator or denominator using $<$, $=$ or $>$, and explain why, e.g. 2/8 < 2/4.',
                    ['3'],
                    undefined,
                    'Limit denominators to 2, 3, 4, 6 and 8.',
                  ),
                ],
              ),
              cluster(
                '3.FR.B',
                'Reason about equivalent fractions.',
                ['3'],
                [
                  std('3.FR.B.3', 'Show that $\\frac{1}{2} = \\frac{2}{4}$ with a visual fraction model.', ['3']),
                  std('3.FR.B.4', 'Write whole numbers as fractions, such as $3 = \\frac{3}{1}$.', ['3']),
                ],
              ),
            ],
          ),
          domain(
            '3.MD',
            'Measurement and Data',
            ['3'],
            [
              cluster(
                '3.MD.A',
                'Solve problems involving time, volume and mass.',
                ['3'],
                [
                  std('3.MD.A.1', 'Tell and write time to the nearest minute; measure elapsed time in minutes.', ['3']),
                  std('3.MD.A.2', 'Estimate liquid volumes and masses in liters, grams and kilograms.', ['3']),
                ],
              ),
              cluster(
                '3.MD.B',
                'Represent and interpret data.',
                ['3'],
                [std('3.MD.B.3', 'Draw a scaled picture graph and bar graph for a data set with several categories.', ['3'])],
              ),
            ],
          ),
        ],
      },
      {
        text: 'Kindergarten',
        type: 'Grade Level',
        normalized: 'Standard Grouping',
        grades: ['K'],
        children: [
          domain(
            'K.CN',
            'Counting and Number Names',
            ['K'],
            [
              cluster(
                'K.CN.A',
                'Know number names and the count sequence.',
                ['K'],
                [
                  std('K.CN.A.1', 'Count to 100 by ones and by tens.', ['K']),
                  std('K.CN.A.2', 'Count forward beginning from a given number instead of starting at 1.', ['K']),
                  std('K.CN.A.3', 'Write numbers from 0 to 20.', ['K']),
                ],
              ),
            ],
          ),
          domain(
            'K.GE',
            'Geometry',
            ['K'],
            [
              cluster(
                'K.GE.A',
                'Identify and describe shapes.',
                ['K'],
                [
                  std('K.GE.A.1', 'Describe objects using names of shapes and words such as *above*, *below* and *next to*.', ['K']),
                  std('K.GE.A.2', 'Name shapes regardless of their orientation or size.', ['K']),
                ],
              ),
            ],
          ),
        ],
      },
      {
        text: 'Grade 1',
        type: 'Grade Level',
        normalized: 'Standard Grouping',
        grades: ['1'],
        children: [
          domain(
            '1.OA',
            'Operations and Algebraic Thinking',
            ['1'],
            [
              cluster(
                '1.OA.A',
                'Add and subtract within 20.',
                ['1'],
                [
                  std('1.OA.A.1', 'Use addition and subtraction within 20 to solve word problems, e.g. $8 + ? = 11$.', ['1']),
                  std('1.OA.A.2', 'Solve word problems that call for adding three whole numbers whose sum is $\\le 20$.', ['1']),
                ],
              ),
            ],
          ),
        ],
      },
    ],
  },
  {
    text: 'High School Algebra',
    grades: ['9', '10', '11', '12'],
    children: [
      domain(
        'HSA-REI',
        'Reasoning with Equations and Inequalities',
        ['9', '10', '11', '12'],
        [
          cluster(
            'HSA-REI.B',
            'Solve equations and inequalities in one variable.',
            ['9', '10', '11', '12'],
            [
              std('HSA-REI.B.3', 'Solve linear inequalities such as $3x - 5 < 2x + 1$ and show the solution set on a number line.', [
                '9',
                '10',
                '11',
                '12',
              ]),
              std(
                'HSA-REI.B.4',
                'Solve quadratic equations by inspection, completing the square, and the formula $x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}$.',
                ['9', '10', '11', '12'],
                [
                  component('HSA-REI.B.4a', 'Complete the square to rewrite $x^2 + bx + c$ in the form $(x-p)^2 = q$.', [
                    '9',
                    '10',
                    '11',
                    '12',
                  ]),
                  component('HSA-REI.B.4b', 'Recognize when the formula gives complex solutions, written $a \\pm bi$.', [
                    '9',
                    '10',
                    '11',
                    '12',
                  ]),
                ],
              ),
            ],
          ),
        ],
      ),
    ],
  },
]);

framework('es', 'Estándares de Matemáticas de ejemplo (demostración)', 'es', 'New Mexico', [
  {
    text: 'Grado 2',
    type: 'Grade Level',
    normalized: 'Standard Grouping',
    grades: ['2'],
    children: [
      domain(
        '2.NB',
        'Números en base diez',
        ['2'],
        [
          cluster(
            '2.NB.A',
            'Comprender el valor posicional.',
            ['2'],
            [
              std(
                '2.NB.A.1',
                'Entender que los tres dígitos de un número de tres cifras representan centenas, decenas y unidades.',
                ['2'],
                [
                  component('2.NB.A.1a', 'Entender que 100 es un grupo de diez decenas, llamado *centena*.', ['2']),
                  component('2.NB.A.1b', 'Reconocer que 300 son tres centenas y cero decenas.', ['2']),
                ],
              ),
              std('2.NB.A.2', 'Contar hasta 1000; contar de 5 en 5, de 10 en 10 y de 100 en 100.', ['2']),
              std('2.NB.A.4', 'Comparar dos números de tres cifras usando los símbolos $>$, $=$ y $<$; por ejemplo, 342 < 420.', ['2']),
            ],
          ),
          cluster(
            '2.NB.B',
            'Usar el valor posicional para sumar y restar.',
            ['2'],
            [
              std('2.NB.B.5', 'Sumar y restar con fluidez hasta 100, por ejemplo $47 + 38 = 85$.', ['2']),
              std('2.NB.B.9', 'Explicar por qué funcionan las estrategias de suma y resta, *con dibujos o palabras*.', ['2']),
            ],
          ),
        ],
      ),
      domain(
        '2.GE',
        'Geometría',
        ['2'],
        [
          cluster(
            '2.GE.A',
            'Razonar con figuras y sus atributos.',
            ['2'],
            [
              std('2.GE.A.1', 'Reconocer y dibujar figuras con atributos dados, como un número de ángulos o de caras iguales.', ['2']),
              std('2.GE.A.3', 'Dividir círculos y rectángulos en dos, tres o cuatro partes iguales: *mitades*, *tercios* y *cuartos*.', [
                '2',
              ]),
            ],
          ),
        ],
      ),
    ],
  },
  {
    text: 'Grado 4',
    type: 'Grade Level',
    normalized: 'Standard Grouping',
    grades: ['4'],
    children: [
      domain(
        '4.FR',
        'Números y operaciones: fracciones',
        ['4'],
        [
          cluster(
            '4.FR.A',
            'Ampliar la comprensión de la equivalencia y el orden de fracciones.',
            ['4'],
            [
              std('4.FR.A.1', 'Explicar por qué $\\frac{a}{b} = \\frac{n \\times a}{n \\times b}$ usando modelos visuales.', ['4']),
              std(
                '4.FR.A.2',
                'Comparar dos fracciones con numeradores y denominadores distintos, por ejemplo $\\frac{2}{3} > \\frac{3}{5}$.',
                ['4'],
              ),
            ],
          ),
        ],
      ),
      { text: 'Orientaciones para el docente sobre el uso de modelos de área.', grades: ['4'] },
    ],
  },
]);

// A few non-hierarchy relationships, as the real export has.
const byCode = (code: string) =>
  (nodes as Array<{ identifier: string; properties: Record<string, string> }>).find((n) => n.properties.statementCode === code)!.identifier;
relationships.push(edge('buildsTowards', byCode('3.FR.A.1'), byCode('4.FR.A.1'), 'en'));
relationships.push(edge('buildsTowards', byCode('K.CN.A.1'), byCode('1.OA.A.1'), 'en'));
relationships.push(edge('relatesTo', byCode('3.FR.A.2'), byCode('3.FR.B.3'), 'en'));

const lines = (records: object[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
writeFileSync(join(SAMPLE_DATA, 'nodes.jsonl'), lines(nodes));
writeFileSync(join(SAMPLE_DATA, 'relationships.jsonl'), lines(relationships));
console.log(`Wrote ${nodes.length} nodes and ${relationships.length} relationships to ${SAMPLE_DATA}`);
