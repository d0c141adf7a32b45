import type { ReactNode } from 'react';
import './message-page.css';

/** A plain centred page with a heading and a short message (not-found, unsupported browser). */
export function MessagePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="message-page">
      <h1>{title}</h1>
      {children}
    </main>
  );
}
