import { useCallback, useState } from 'react';

/** Fields the visitor has left once: their errors show from then on, and update as they type. */
export function useTouched<Field extends string>() {
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const touch = useCallback(
    (field: Field) => setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field))),
    [],
  );
  const touchAll = useCallback((fields: readonly Field[]) => setTouched((previous) => new Set([...previous, ...fields])), []);
  return { touched, touch, touchAll };
}

/** Moves focus to a form control by name, so keyboard and screen-reader users land on the first problem. */
export function focusControl(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
