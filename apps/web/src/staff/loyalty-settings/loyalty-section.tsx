import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { LoyaltySettingsSaveResponse } from '@testerhub/shared/loyalty-settings-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { CollapsibleSection, useOpenSections } from '../shell/collapsible-section';

type OpenSections = ReturnType<typeof useOpenSections>;
const LoyaltySectionsOpen = createContext<OpenSections | null>(null);

/** The section an address's #hash names ('#wheel'), if any. */
const hashed = () => (typeof window === 'undefined' ? [] : [window.location.hash.slice(1)].filter(Boolean));

/**
 * The loyalty settings page's sections, closed until opened (decision 135): the one the address names
 * (#avatars) opens at once, and a jump link, changing the hash, opens its section.
 */
export function LoyaltySections({ children }: { children: ReactNode }) {
  const sections = useOpenSections(hashed());
  const { open } = sections;
  useEffect(() => {
    const onHash = () => open(hashed());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- open only updates state through its setter
  }, []);
  return <LoyaltySectionsOpen.Provider value={sections}>{children}</LoyaltySectionsOpen.Provider>;
}

/**
 * A section's heading (which opens and closes it on the page), intro, loading, error (with Try
 * again) and outcome; `children` once the data is there. Outside the page (a section on its own) it
 * is open.
 */
export function Section(props: {
  id: string;
  title: string;
  intro: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  outcome?: LoyaltySettingsSaveResponse | null;
  children: ReactNode;
}) {
  const sections = useContext(LoyaltySectionsOpen);
  return (
    <CollapsibleSection
      id={props.id}
      title={props.title}
      summary={props.intro}
      open={sections ? sections.isOpen(props.id) : true}
      onToggle={() => sections?.toggle(props.id)}
      className="loyalty-section"
    >
      <div role="status" aria-live="polite">
        {props.outcome && <p className={props.outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{props.outcome.message}</p>}
      </div>
      {props.query.isPending && <p aria-busy="true">Loading…</p>}
      {props.query.isError && (
        <div role="alert">
          <p className="staff-problem">{requestErrorMessage(props.query.error)}</p>
          <button type="button" className="staff-button staff-button--quiet" onClick={() => void props.query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {props.children}
    </CollapsibleSection>
  );
}
