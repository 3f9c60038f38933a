/**
 * How the framework page moves between standards: choosing a row, revealing an item in
 * the outline, opening a search hit. The tree, the details and the search never know
 * about each other; the page wires them through these.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import type { StandardsItem } from '../../../contract/schemas';
import type { SearchHit } from '../../api/search';
import { ancestorsOptions, loadAncestors } from '../../api/standards';
import { expandPath } from '../../features/standards-tree/use-expanded';
import type { ApiSource } from '../../lib/api-client';
import type { BrowseParams } from '../../lib/browse-params';

export function useFrameworkNavigation(
  source: ApiSource,
  frameworkId: string,
  selectedId: string | undefined,
  onParamsChange: (change: Partial<BrowseParams>) => void,
) {
  const client = useQueryClient();
  const navigate = useNavigate();

  // The path the user took is the item's ancestor path: later views need not ask for it.
  const select = useCallback(
    (item: StandardsItem, ancestors: StandardsItem[]) => {
      client.setQueryData(ancestorsOptions(source, item.caseIdentifierUUID).queryKey, ancestors);
      // Re-selecting the open item (a click that only folds it) must not navigate and re-render the page.
      if (item.caseIdentifierUUID !== selectedId) onParamsChange({ item: item.caseIdentifierUUID });
    },
    [client, source, onParamsChange, selectedId],
  );

  const openPathTo = useCallback(
    (ancestors: StandardsItem[]) =>
      expandPath(
        frameworkId,
        ancestors.map((a) => a.caseIdentifierUUID),
      ),
    [frameworkId],
  );

  const reveal = useCallback(
    (id: string, ancestors: StandardsItem[]) => {
      openPathTo(ancestors);
      onParamsChange({ item: id, view: 'outline' });
    },
    [openPathTo, onParamsChange],
  );

  /** Opens one of this framework's items: the details at once, the tree down to it when its path is known. */
  const openItem = useCallback(
    async (id: string) => {
      onParamsChange({ item: id, view: 'outline' });
      const ancestors = await loadAncestors(client, source, id);
      if (ancestors) openPathTo(ancestors);
    },
    [client, source, onParamsChange, openPathTo],
  );
  const openHit = useCallback(
    async (hit: SearchHit) => {
      // A hit from another framework of the jurisdiction opens on its own page.
      if (!hit.item) return void navigate({ to: '/items/$uuid', params: { uuid: hit.caseIdentifierUUID } });
      await openItem(hit.caseIdentifierUUID);
    },
    [navigate, openItem],
  );

  // A link that names an item (a shared link, a connection in another framework) opens
  // the outline down to it once, when the page is first shown.
  const arrivedWith = useRef(selectedId);
  useEffect(() => {
    const id = arrivedWith.current;
    if (!id) return;
    let live = true;
    void loadAncestors(client, source, id).then((ancestors) => live && ancestors && openPathTo(ancestors));
    return () => {
      live = false;
    };
  }, [client, source, openPathTo]);

  return { select, reveal, openHit, openItem };
}
