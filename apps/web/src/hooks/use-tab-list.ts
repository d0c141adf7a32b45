import { useRef, type KeyboardEvent } from 'react';

/** The tab a key moves to from `selected` among `count` tabs (wrapping), or null for any other key. */
function tabFor(key: string, selected: number, count: number): number | null {
  if (key === 'ArrowRight') return (selected + 1) % count;
  if (key === 'ArrowLeft') return (selected + count - 1) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * A tab list with roving focus, as the ARIA tabs pattern with automatic activation has it: only the
 * selected tab is in the Tab order; arrow keys (wrapping), Home and End focus another tab and select
 * it through `onSelect`. Spread `tabListProps` on the role="tablist" element and `tabProps(index)`
 * on each tab; the caller keeps the selection (state, or the address) and the rest of the markup.
 */
export function useTabList<Element extends HTMLElement>({
  count,
  selected,
  onSelect,
}: {
  count: number;
  selected: number;
  onSelect: (index: number) => void;
}) {
  const tabs = useRef<(Element | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next = tabFor(event.key, selected, count);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    if (next !== selected) onSelect(next);
  };
  return {
    tabListProps: { role: 'tablist' as const, onKeyDown },
    tabProps: (index: number) => ({
      ref: (element: Element | null) => {
        tabs.current[index] = element;
      },
      role: 'tab' as const,
      'aria-selected': index === selected,
      tabIndex: index === selected ? 0 : -1,
    }),
  };
}
