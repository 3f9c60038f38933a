/**
 * Past the search, the offline panel and the filters straight into the tree (the row
 * that holds the tree's focus), for keyboard users: a link shown only when focused.
 */
export function SkipToTree() {
  return (
    <a
      href="#standards-tree"
      onClick={(e) => {
        const row = document.querySelector<HTMLElement>('[role="tree"] [role="treeitem"][tabindex="0"]');
        if (!row) return;
        e.preventDefault();
        row.focus();
      }}
      className="sr-only rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white focus:not-sr-only focus:inline-block"
    >
      Skip to the standards
    </a>
  );
}
