/**
 * What the teacher has chosen, in the order chosen. It lives apart from filters and
 * view, so changing either never clears it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
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

  /**
   * Replaces the selection by ids (host's setSelection, URL preselection). Ids that are
   * unknown or belong to another framework are dropped: every chosen standard is this
   * framework's, so its frameworkName and UUID are true. Membership is read from the
   * framework's own list (cached after the first call).
   */
  const setByIds = useCallback(
    async (ids: string[]) => {
      const wanted = mode === 'single' ? ids.slice(0, 1) : mode === 'multiple' ? ids.slice(0, MAX_SELECTION) : [];
      const members = wanted.length
        ? await client.fetchQuery(frameworkIndexOptions(source, framework.caseIdentifierUUID)).catch(() => null)
        : [];
      const byId = new Map(members?.map((i) => [i.caseIdentifierUUID, i]));
      // Without the list (a failed request) the items are fetched one by one and kept.
      const found = members
        ? wanted.map((id) => byId.get(id) ?? null)
        : await Promise.all(wanted.map((id) => client.fetchQuery(itemOptions(source, id)).catch(() => null)));
      const next = found.filter((i): i is StandardsItem => !!i).map((i) => toEmbedItem(i, framework));
      setItems(next);
      events.onChange(next);
    },
    [mode, client, source, framework, events],
  );

  return { items, isPicked: (id: string) => items.some((i) => i.caseIdentifierUUID === id), toggle, remove, setByIds };
}
