import { gradeRank } from '../../contract/natural-sort';

/** `['9','10','11','12']` → "Grades 9–12"; `['K']` → "Grade K"; `['3','5']` → "Grades 3, 5". */
export function formatGrades(grades: readonly string[] | null): string {
  if (!grades || grades.length === 0) return '';
  if (grades.length === 1) return `Grade ${grades[0]}`;
  const ranks = grades.map(gradeRank);
  const contiguous = ranks.every((r, i) => i === 0 || r === ranks[i - 1]! + 1);
  return contiguous ? `Grades ${grades[0]}–${grades[grades.length - 1]}` : `Grades ${grades.join(', ')}`;
}
