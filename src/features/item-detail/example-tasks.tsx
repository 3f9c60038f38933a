/**
 * "Example tasks": two or three of the example bank's classroom texts for a standard
 * (decision 027), marked as written for Standards Explorer and not part of the standard.
 * A state's standard without its own shows those of the Common Core standard its
 * crosswalk rates identical. The bank's files for the standard's grades load only when
 * a standard's details are shown (never with the first screen).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { isIdentical } from '../../../contract/alignment-strength';
import { EXAMPLES_NOTE, type BankExample } from '../../../contract/search/examples';
import type { StandardsItem } from '../../../contract/schemas';
import { crosswalksOptions } from '../../api/connections';
import { bankForGrades } from '../../api/example-bank';
import { useApiSource } from '../../lib/api-source';
import { whenIdle } from '../../lib/when-idle';

const FORM_LABEL: Record<BankExample['form'], string> = {
  'word problem': 'Word problem',
  heading: 'Task',
  objective: 'Objective',
  'I can': '“I can”',
  notation: 'Practice',
};

export function ExampleTasks({ item, headingLevel }: { item: StandardsItem; headingLevel: 2 | 3 }) {
  const source = useApiSource();
  const client = useQueryClient();
  const id = useId();
  const standard =
    item.normalizedStatementType === 'Standard' || (!!item.statementCode && item.normalizedStatementType !== 'Standard Grouping');
  // Asked for once the page is idle: the details' text, skills and connections come first.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), 1000), []);
  const examples = useQuery({
    queryKey: ['example-tasks', source.baseUrl, item.caseIdentifierUUID],
    queryFn: async () => {
      const bank = await bankForGrades(item.gradeLevel ?? []);
      if (bank.of(item.caseIdentifierUUID).length) return bank.shown(item.caseIdentifierUUID);
      // Where the service cannot say (offline and not saved), no examples are shown.
      const crosswalks = await client.fetchQuery(crosswalksOptions(source, item.caseIdentifierUUID)).catch(() => []);
      return bank.shown(
        item.caseIdentifierUUID,
        crosswalks.filter(isIdentical).map((x) => x.caseIdentifierUUID),
      );
    },
    enabled: standard && idle,
    staleTime: Infinity,
    meta: { persist: false },
  });
  if (!examples.data?.length) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="space-y-1.5">
      <Heading id={id} className="text-sm font-semibold">
        Example tasks
      </Heading>
      <p className="text-xs text-slate-600 dark:text-slate-400">{EXAMPLES_NOTE}</p>
      <ul className="space-y-1.5">
        {examples.data.map((e) => (
          <li
            key={e.text}
            className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-3 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800/60"
          >
            <span className="mr-1.5 text-xs font-medium text-slate-600 dark:text-slate-400">{FORM_LABEL[e.form]}:</span>
            {e.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
