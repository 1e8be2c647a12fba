/**
 * Moves the focus to the first control of `container` marked invalid, or into the first radio
 * group whose message says what is missing, once React has rendered the messages.
 */
export function focusInvalid(container: HTMLElement | null): void {
  if (!container) return;
  requestAnimationFrame(() => {
    const invalid = container.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) return invalid.focus();
    const group = container.querySelector<HTMLElement>('fieldset[aria-describedby*="-error"]');
    const radio =
      group?.querySelector<HTMLInputElement>('input:checked') ?? group?.querySelector<HTMLInputElement>('input');
    (radio ?? container.querySelector<HTMLElement>('input, select, textarea, button'))?.focus();
  });
}
