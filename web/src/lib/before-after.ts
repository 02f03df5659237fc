/**
 * The before/after slider's behaviour, without React: the range input moves the split between
 * the two photos. The project page runs it from its first script; the app's own rendering of
 * the page (features/projects/components/before-after.tsx) runs the same on mount. Without
 * JavaScript the slider shows both halves at 50%.
 */
export function enhanceBeforeAfter(frame: HTMLElement): () => void {
  const input = frame.querySelector<HTMLInputElement>('input[type="range"]');
  const before = frame.querySelector<HTMLElement>('[data-part="before"]');
  const handle = frame.querySelector<HTMLElement>('[data-part="handle"]');
  if (!input || !before || !handle) return () => undefined;
  const show = () => {
    const split = Number(input.value);
    before.style.clipPath = `inset(0 ${100 - split}% 0 0)`;
    handle.style.left = `${split}%`;
    input.setAttribute('aria-valuetext', `${split}% before`);
  };
  input.addEventListener('input', show);
  // A value the browser restored (back and forward) is shown too.
  show();
  return () => input.removeEventListener('input', show);
}
