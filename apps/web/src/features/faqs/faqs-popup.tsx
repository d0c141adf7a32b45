import { useId, useMemo, useState } from 'react';
import { FAQ_TYPES, searchFaqs, type Faq } from '@testerhub/shared/public-content';
import { PopupShell } from '../../components/popup-shell';
import { useCachedQuery } from '../../hooks/use-cached-query';
import { usePageTitle } from '../../hooks/use-page-title';
import { apiGet } from '../../lib/api';
import { sanitizeHtml } from '../../lib/sanitize-html';
import './faqs.css';

/** FAQs (spec 1, 2.8): keyword search, questions grouped by type 1-4, each collapsible; loaded once and cached. */
export function FaqsPopup() {
  usePageTitle('FAQs');
  const faqs = useCachedQuery('faqs', () => apiGet<Faq[]>('/reward/GetFaqs'));
  const [keyword, setKeyword] = useState('');
  const searchId = useId();
  const matches = useMemo(() => (faqs.status === 'success' ? searchFaqs(faqs.data, keyword) : []), [faqs, keyword]);

  return (
    <PopupShell title="FAQs">
      <form className="faq-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId}>Search the questions</label>
        <input
          id={searchId}
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder="Type a keyword, e.g. payment"
          autoComplete="off"
        />
      </form>
      {faqs.status === 'loading' && <p aria-busy="true">Loading questions…</p>}
      {faqs.status === 'success' && (
        <>
          <p className="visually-hidden" role="status">
            {matches.length} questions shown
          </p>
          {matches.length === 0 && <p>No question matches “{keyword.trim()}”. Try another word, or clear the search to see them all.</p>}
          {FAQ_TYPES.map(({ type, label }) => {
            const group = matches.filter((faq) => faq.type === type);
            if (group.length === 0) return null;
            return (
              <section key={type} className="faq-group" aria-labelledby={`faq-group-${type}`}>
                <h2 id={`faq-group-${type}`}>{label}</h2>
                {group.map((faq) => (
                  <FaqItem key={faq.question} faq={faq} />
                ))}
              </section>
            );
          })}
        </>
      )}
    </PopupShell>
  );
}

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className="faq-item" data-testid="faq-item">
      <h3 className="faq-item__question">
        <button type="button" aria-expanded={open} aria-controls={answerId} onClick={() => setOpen((value) => !value)}>
          <span>{faq.question}</span>
          <span className="faq-item__icon" aria-hidden="true">
            {open ? '−' : '+'}
          </span>
        </button>
      </h3>
      <div id={answerId} className="faq-item__answer" hidden={!open} dangerouslySetInnerHTML={{ __html: sanitizeHtml(faq.answer) }} />
    </div>
  );
}
