import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { publishLegalTextSchema, type LegalPageKey, type StaffLegalTextResponse } from '@testerhub/shared/legal-text-schemas';
import { TextAreaField } from '../../components/form-field';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { useLegalText, useLegalTexts, usePublishLegalText, useRestoreBuiltInLegalText } from '../api/legal-texts';
import { staffKeys } from '../api/query-keys';
import { LoadFailed, SubmitButton } from '../shell/staff-page-parts';
import { announceChange, ContentSectionPage, useContentForm, useEditSubmit, type OnOutcome } from './content-form-parts';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A page's built-in HTML, to start an editor from when no version is stored; its renderer loads on first need. */
function useBuiltInLegalHtml(page: LegalPageKey, needed: boolean) {
  return useQuery({
    queryKey: staffKeys.builtInLegalHtml(page),
    queryFn: async () => (await import('./built-in-legal-html')).builtInLegalHtml(page),
    enabled: needed,
    staleTime: Infinity,
  });
}

/**
 * Content staff: the legal pages' bodies (issue 12 section 6; decision 070). Each page with the
 * version in force; its editor holds the HTML, a preview as visitors see it, Publish (asked
 * twice), "Return to the built-in text" and the history.
 */
export function LegalTextsPage() {
  const [editing, setEditing] = useState<LegalPageKey | null>(null);
  return (
    <ContentSectionPage
      title="Legal texts"
      intro={
        <p>
          Each legal page shows its built-in text until a version is published here. A published version is in force at once; a new version
          of the Terms of Use also asks every tester to accept the terms at their next visit. A version may have a Spanish text: Spanish
          readers see it, or the English text with a note saying it is only in English.
        </p>
      }
      useItems={useLegalTexts}
      loadingText="Loading legal pages…"
      emptyText="No legal pages."
      items={(data) => data.pages}
      addForm={() => null}
      listLabel="Legal pages"
      renderItem={(entry, { onOutcome }) => (
        <li key={entry.page} className="staff-card" aria-labelledby={`legal-${entry.page}`}>
          <h2 id={`legal-${entry.page}`} className="staff-order-title">
            {entry.title}
          </h2>
          <p>
            {entry.current && !entry.current.restoredBuiltIn ? (
              <>
                Version {entry.current.version}, published{' '}
                <time dateTime={entry.current.publishedAt}>{when(entry.current.publishedAt)}</time> by {entry.current.publishedBy}
              </>
            ) : (
              'Built-in text'
            )}
          </p>
          <p>{entry.current?.spanish ? 'Spanish text published' : 'No Spanish text: Spanish readers see the English one'}</p>
          {editing === entry.page ? (
            <LegalTextEditor page={entry.page} onOutcome={onOutcome} onClose={() => setEditing(null)} />
          ) : (
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(entry.page)}
              aria-label={`Edit ${entry.title}`}
            >
              Edit
            </button>
          )}
        </li>
      )}
    />
  );
}

function LegalTextEditor({ page, onOutcome, onClose }: { page: LegalPageKey; onOutcome: OnOutcome; onClose: () => void }) {
  const text = useLegalText(page);
  const builtIn = useBuiltInLegalHtml(page, text.data?.bodyHtml === null);
  const startingHtml = text.data?.bodyHtml ?? builtIn.data;
  if (text.isError) return <LoadFailed error={text.error} onRetry={() => void text.refetch()} />;
  if (builtIn.isError) return <LoadFailed error={builtIn.error} onRetry={() => void builtIn.refetch()} />;
  if (text.isPending || startingHtml === undefined) return <p aria-busy="true">Loading the text…</p>;
  return (
    <LegalTextForm key={text.data.latestVersion} text={text.data} startingHtml={startingHtml} onOutcome={onOutcome} onClose={onClose} />
  );
}

function LegalTextForm({
  text,
  startingHtml,
  onOutcome,
  onClose,
}: {
  text: StaffLegalTextResponse;
  /** The stored version's HTML, or the built-in text's when none is stored. */
  startingHtml: string;
  onOutcome: OnOutcome;
  onClose: () => void;
}) {
  const publish = usePublishLegalText();
  const restore = useRestoreBuiltInLegalText();
  const [confirming, setConfirming] = useState(false);
  const form = useContentForm(
    { page: text.page, basedOnVersion: text.latestVersion, bodyHtml: startingHtml, bodyHtmlEs: text.bodyHtmlEs ?? '' },
    ({ bodyHtmlEs, ...fields }) => {
      const spanish = bodyHtmlEs.trim() !== '';
      // The built-in English left as it was stays the built-in text when a Spanish one is published beside it (decision 132).
      const keepBuiltIn = spanish && text.bodyHtml === null && fields.bodyHtml === startingHtml;
      return publishLegalTextSchema.safeParse({
        ...fields,
        bodyHtml: keepBuiltIn ? null : fields.bodyHtml,
        ...(spanish && { bodyHtmlEs }),
      });
    },
    (payload) => publish.mutateAsync(payload),
  );
  const edit = useEditSubmit(form, onOutcome, onClose);
  const formId = `legal-form-${text.page}`;
  return (
    <>
      <form
        id={formId}
        className="staff-form"
        noValidate
        aria-label={`Edit ${text.title}`}
        onSubmit={(event) => {
          setConfirming(false);
          void edit.submit(event);
        }}
      >
        {text.bodyHtml === null && (
          <p>
            The built-in English text is in force; its HTML is below, to start from. Left as it is, it stays the built-in text when you
            publish a Spanish text.
          </p>
        )}
        <TextAreaField
          label={`Text of ${text.title} (HTML)`}
          hint="Headings, paragraphs, lists, tables and links; scripts, styles and event attributes are refused."
          rows={14}
          spellCheck={false}
          value={form.fields.bodyHtml}
          error={form.errors.bodyHtml ?? null}
          onChange={(event) => form.setFields({ ...form.fields, bodyHtml: event.target.value })}
        />
        <details className="staff-legal-preview">
          <summary>Preview as visitors see it</summary>
          <div className="legal" dangerouslySetInnerHTML={{ __html: sanitizeHtml(form.fields.bodyHtml) }} />
        </details>
        <TextAreaField
          label={`Spanish text of ${text.title} (HTML, optional)`}
          hint="The same page for Spanish readers, with the same rules. Left empty, they see the English text with a note that it is only available in English."
          rows={14}
          spellCheck={false}
          lang="es"
          value={form.fields.bodyHtmlEs}
          error={form.errors.bodyHtmlEs ?? null}
          onChange={(event) => form.setFields({ ...form.fields, bodyHtmlEs: event.target.value })}
        />
        {form.fields.bodyHtmlEs.trim() !== '' && (
          <details className="staff-legal-preview">
            <summary>Preview of the Spanish text</summary>
            <div className="legal" lang="es" dangerouslySetInnerHTML={{ __html: sanitizeHtml(form.fields.bodyHtmlEs) }} />
          </details>
        )}
        {edit.refused && (
          <p className="staff-problem" role="alert">
            {edit.refused}
          </p>
        )}
        <div className="staff-actions">
          {confirming ? (
            <>
              <SubmitButton
                pending={publish.isPending}
                label={`Publish version ${text.latestVersion + 1} now`}
                pendingLabel="Publishing…"
              />
              <button type="button" className="staff-button staff-button--quiet" onClick={() => setConfirming(false)}>
                Not yet
              </button>
            </>
          ) : (
            <button type="button" className="staff-button" onClick={() => setConfirming(true)}>
              Publish
            </button>
          )}
          {(text.bodyHtml !== null || text.bodyHtmlEs !== null) && (
            <button
              type="button"
              className="staff-button staff-button--quiet"
              disabled={restore.isPending}
              onClick={() =>
                void announceChange(onOutcome, text.title, () =>
                  restore.mutateAsync({ page: text.page, basedOnVersion: text.latestVersion }),
                )
              }
            >
              Return to the built-in text
            </button>
          )}
          <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
            {edit.refused ? 'Close and reload' : 'Cancel'}
          </button>
        </div>
      </form>
      <h3>History</h3>
      {text.history.length === 0 ? (
        <p>No version has been published: the built-in text has always been in force.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Spanish</th>
              <th scope="col">Published</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {text.history.map((row) => (
              <tr key={row.version}>
                <td>
                  {row.version}
                  {row.restoredBuiltIn && ' (built-in text)'}
                </td>
                <td>{row.spanish ? 'Yes' : 'No'}</td>
                <td>
                  <time dateTime={row.publishedAt}>{when(row.publishedAt)}</time>
                </td>
                <td>{row.publishedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
