/**
 * What the teacher has chosen, in the order chosen. It lives apart from filters and
 * view, so changing either never clears it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Framework, StandardsItem } from '../../../contract/schemas';
import { frameworkIndexOptions, itemOptions } from '../../api/standards';
import type { ApiSource } from '../../lib/api-client';
import { MAX_SELECTION, type SelectionMode } from './embed-params';
import { toEmbedItem, type EmbedItem } from './embed-protocol';

export interface SelectionEvents {
  onSelect: (item: EmbedItem) => void;
  onDeselect: (item: EmbedItem) => void;
  onChange: (items: EmbedItem[]) => void;
}

export function useEmbedSelection(
  mode: SelectionMode,
  framework: Pick<Framework, 'name' | 'caseIdentifierUUID'>,
  source: ApiSource,
  events: SelectionEvents,
) {
  const client = useQueryClient();
  const [items, setItems] = useState<EmbedItem[]>([]);
  // The full items behind the chosen ones: their statement type tells a grouping from a standard in the count.
  const full = useRef(new Map<string, StandardsItem>());

  const apply = useCallback(
    (next: EmbedItem[], added: EmbedItem[], removed: EmbedItem[]) => {
      setItems(next);
      removed.forEach(events.onDeselect);
      added.forEach(events.onSelect);
      events.onChange(next);
    },
    [events],
  );

  const toggle = useCallback(
    (item: StandardsItem) => {
      if (mode === 'none') return;
      full.current.set(item.caseIdentifierUUID, item);
      const chosen = toEmbedItem(item, framework);
      const present = items.some((i) => i.caseIdentifierUUID === item.caseIdentifierUUID);
      if (present)
        return apply(
          items.filter((i) => i.caseIdentifierUUID !== item.caseIdentifierUUID),
          [],
          [chosen],
        );
      if (mode === 'single') return apply([chosen], [chosen], items);
      if (items.length >= MAX_SELECTION) return;
      apply([...items, chosen], [chosen], []);
    },
    [mode, framework, items, apply],
  );

  const remove = useCallback(
    (id: string) =>
      apply(
        items.filter((i) => i.caseIdentifierUUID !== id),
        [],
        items.filter((i) => i.caseIdentifierUUID === id),
      ),
    [items, apply],
  );

  /** The framework's own items among `ids`, in order, and the ids that are not its (unknown, or another framework's). */
  const membersOf = useCallback(
    async (ids: string[]) => {
      const members = ids.length
        ? await client.fetchQuery(frameworkIndexOptions(source, framework.caseIdentifierUUID)).catch(() => null)
        : [];
      const byId = new Map(members?.map((i) => [i.caseIdentifierUUID, i]));
      // Without the list (a failed request) the items are fetched one by one and kept.
      const found = members
        ? ids.map((id) => byId.get(id) ?? null)
        : await Promise.all(ids.map((id) => client.fetchQuery(itemOptions(source, id)).catch(() => null)));
      return { found: found.filter((i): i is StandardsItem => !!i), outside: ids.filter((_, k) => !found[k]) };
    },
    [client, source, framework],
  );

  const replace = useCallback(
    (found: StandardsItem[]) => {
      for (const item of found) full.current.set(item.caseIdentifierUUID, item);
      const next = found.map((i) => toEmbedItem(i, framework));
      setItems(next);
      events.onChange(next);
    },
    [framework, events],
  );

  /**
   * Replaces the selection by ids (the host's setSelection). Ids that are unknown or belong
   * to another framework are dropped: every chosen standard is this framework's, so its
   * frameworkName and UUID are true. Membership is read from the framework's own list
   * (cached after the first call).
   */
  const setByIds = useCallback(
    async (ids: string[]) => {
      const wanted = mode === 'single' ? ids.slice(0, 1) : mode === 'multiple' ? ids.slice(0, MAX_SELECTION) : [];
      replace((await membersOf(wanted)).found);
    },
    [mode, membersOf, replace],
  );

  /**
   * The URL's preselection, read strictly as every way a set arrives: all of it is chosen,
   * or none, with the reason (an id not in this framework, more than the mode allows).
   */
  const preselect = useCallback(
    async (ids: string[]): Promise<string | null> => {
      if (mode === 'none') return 'Nothing was preselected: this picker only browses (mode=none).';
      if (mode === 'single' && ids.length > 1)
        return `Nothing was preselected: the address names ${ids.length} standards, and this picker chooses one (mode=single).`;
      const { found, outside } = await membersOf(ids);
      if (outside.length)
        return `Nothing was preselected: ${outside.length === 1 ? '1 standard is' : `${outside.length} standards are`} not in ${framework.name ?? 'this framework'} (${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', …' : ''}). Open the picker on their framework, or leave out framework= to let the set choose it.`;
      replace(found);
      return null;
    },
    [mode, membersOf, replace, framework.name],
  );

  return {
    items,
    isPicked: (id: string) => items.some((i) => i.caseIdentifierUUID === id),
    itemOf: (id: string) => full.current.get(id),
    toggle,
    remove,
    setByIds,
    preselect,
  };
}
