/**
 * The header's phone menu, without React: the header's markup carries the button (with
 * aria-controls naming the panel) and the class that shows the panel. The public pages run it
 * from their first script, before any island; the app's own header (pages the browser
 * renders itself) runs the same on mount. The panel closes with Escape, a tap outside it, or
 * by following a link.
 */
export function enhanceMenu(button: HTMLButtonElement): () => void {
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
  const icon = button.querySelector('path');
  const openClass = panel?.dataset.openClass;
  if (!panel || !openClass) return () => undefined;

  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.classList.toggle(openClass, open);
    const d = open ? button.dataset.iconOpen : button.dataset.iconClosed;
    if (icon && d) icon.setAttribute('d', d);
  };
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const onClick = () => set(!isOpen());
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  };
  const onPointer = (event: PointerEvent) => {
    const target = event.target as Node;
    if (isOpen() && !panel.contains(target) && !button.contains(target)) set(false);
  };
  const onLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a')) set(false);
  };
  button.addEventListener('click', onClick);
  panel.addEventListener('click', onLink);
  document.addEventListener('keydown', onKey);
  document.addEventListener('pointerdown', onPointer);
  return () => {
    set(false);
    button.removeEventListener('click', onClick);
    panel.removeEventListener('click', onLink);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('pointerdown', onPointer);
  };
}
