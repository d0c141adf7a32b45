import type { ReactNode } from 'react';
import './account-panel.css';

interface AccountPanelProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  /** What stands above the title (the sign-in pages' language toggle). */
  top?: ReactNode;
}

/** The centred card the entry pages (login, recovery, confirmation, credential change) are shown in. */
export function AccountPanel({ title, intro, children, footer, wide = false, top }: AccountPanelProps) {
  return (
    <main className={wide ? 'account-panel account-panel--wide' : 'account-panel'}>
      <div className="account-panel__card">
        {top}
        <h1 className="account-panel__title">{title}</h1>
        {intro && <p className="account-panel__intro">{intro}</p>}
        {children}
        {footer && <footer className="account-panel__footer">{footer}</footer>}
      </div>
    </main>
  );
}
