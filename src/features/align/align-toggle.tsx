import { outlineButton } from '../../components/ui/classes';

/** Opens or closes "Find standards for a text" (aria-expanded says which; the panel follows the button). */
export function AlignToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button type="button" aria-expanded={open} onClick={onToggle} className={`${outlineButton} inline-flex items-center gap-1.5`}>
      <span aria-hidden="true" className={`inline-block transition-transform ${open ? 'rotate-90' : ''}`}>
        ▸
      </span>
      Find standards for a text
    </button>
  );
}
