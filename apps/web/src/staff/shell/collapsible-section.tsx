import { useState, type ReactNode } from 'react';
import './collapsible-section.css';

/**
 * A headed part of a long staff page that opens and closes (decision 135): its heading holds a button
 * saying whether it is open (aria-expanded), so keyboard and screen-reader users move by headings and
 * open what they need. A closed section's fields stay in the page (hidden), so a form keeps what was
 * typed in them.
 */
export function CollapsibleSection({
  id,
  title,
  open,
  onToggle,
  summary,
  className = '',
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  /** One line said under the heading, open or closed (what the section holds now). */
  summary?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`staff-collapsible ${className}`.trim()}>
      <h2 id={id} className="staff-collapsible__heading">
        <button type="button" className="staff-collapsible__toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={onToggle}>
          {title}
        </button>
      </h2>
      {summary && <p className="staff-collapsible__summary">{summary}</p>}
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

export type OpenSectionsState = [ReadonlySet<string>, (update: (now: ReadonlySet<string>) => ReadonlySet<string>) => void];

/** The open sections' ids kept by a parent, so they outlive a form made again (after a save). */
export const useOpenSectionsState = (initial: readonly string[] = []): OpenSectionsState =>
  useState<ReadonlySet<string>>(() => new Set(initial));

/**
 * Which sections are open, by id: `initial` open at first (or the parent's `kept` state); `open` opens
 * some (kept open), `toggle` flips one.
 */
export function useOpenSections(initial: readonly string[] = [], kept?: OpenSectionsState) {
  const own = useOpenSectionsState(initial);
  const [opened, setOpened] = kept ?? own;
  return {
    isOpen: (id: string) => opened.has(id),
    toggle: (id: string) =>
      setOpened((now) => {
        const next = new Set(now);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    open: (ids: readonly string[]) => setOpened((now) => (ids.every((id) => now.has(id)) ? now : new Set([...now, ...ids]))),
  };
}
