import { useState } from 'react';
import { publishTermsSchema, type PublishTermsResponse } from '@testerhub/shared/content-admin-schemas';
import { TextAreaField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { usePublishTerms, useTermsVersions } from '../api/content';
import { LoadFailed, RequiresRole, SubmitButton } from '../shell/staff-page-parts';
import { ContentNav } from './content-nav';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Content staff: the Terms of Use's versions, and a new one published so testers accept it at their next visit (decisions 041, 057). */
export function TermsPage() {
  usePageTitle('Terms of Use versions');
  return (
    <RequiresRole role="content">
      <TermsVersions />
    </RequiresRole>
  );
}

function TermsVersions() {
  const versions = useTermsVersions();
  return (
    <>
      <ContentNav />
      <h1>Terms of Use versions</h1>
      <p>
        Publishing a new version puts it in force at once: every tester is shown its summary and asked to accept it at their next visit.
        Earlier versions stay listed with the summaries testers read.
      </p>
      {versions.isPending && <p aria-busy="true">Loading versions…</p>}
      {versions.isError && <LoadFailed error={versions.error} onRetry={() => void versions.refetch()} />}
      {versions.data && (
        <>
          <PublishForm basedOnVersion={versions.data.latestVersion} />
          <h2>History</h2>
          {versions.data.versions.length === 0 ? (
            <p>No version has been published yet.</p>
          ) : (
            <ol className="staff-people" aria-busy={versions.isFetching}>
              {versions.data.versions.map((row) => (
                <li key={row.version} className="staff-card" aria-labelledby={`terms-${row.version}`}>
                  <h3 id={`terms-${row.version}`} className="staff-order-title">
                    Version {row.version}
                    {row.inForce && ' (in force)'}
                  </h3>
                  <dl className="staff-facts staff-order-facts">
                    <dt>In force from</dt>
                    <dd>
                      <time dateTime={row.publishedAt}>{when(row.publishedAt)}</time>
                    </dd>
                    <dt>Summary (English)</dt>
                    <dd lang="en">{row.summaryEn}</dd>
                    <dt>Summary (Spanish)</dt>
                    <dd lang="es">{row.summaryEs}</dd>
                  </dl>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </>
  );
}

/** The draft of the next version: its summaries, published over the latest version this page showed. */
function PublishForm({ basedOnVersion }: { basedOnVersion: number | null }) {
  const publish = usePublishTerms();
  const [outcome, setOutcome] = useState<Pick<PublishTermsResponse, 'status' | 'message'> | null>(null);
  const form = useSchemaForm(publishTermsSchema, {
    // The version follows what the page shows (a refetch after someone else published) and keeps the summaries typed.
    values: { basedOnVersion, summaryEn: '', summaryEs: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const submit = form.handleSubmit(
    async (payload) => {
      setOutcome(null);
      try {
        const answer = await publish.mutateAsync(payload);
        setOutcome(answer);
        if (answer.status === 'succeed') form.reset();
      } catch (error) {
        setOutcome({ status: 'failed', message: requestErrorMessage(error) });
      }
    },
    () => setOutcome(null),
  );
  return (
    <section className="staff-card" aria-labelledby="publish-terms">
      <h2 id="publish-terms">Publish version {(basedOnVersion ?? 0) + 1}</h2>
      <p>
        Say in a few lines what changed in the Terms of Use. Testers read this summary, with a link to the full terms, before they accept.
      </p>
      <form className="staff-form" onSubmit={submit} noValidate aria-label="Publish a new version">
        <TextAreaField label="What changed (English)" rows={4} lang="en" {...form.field('summaryEn')} />
        <TextAreaField label="What changed (Spanish)" rows={4} lang="es" {...form.field('summaryEs')} />
        <div role="status" aria-live="polite">
          {outcome && <p className={outcome.status === 'succeed' ? 'staff-done' : 'staff-problem'}>{outcome.message}</p>}
        </div>
        <div>
          <SubmitButton pending={publish.isPending} label="Publish and ask testers to accept" pendingLabel="Publishing…" />
        </div>
      </form>
    </section>
  );
}
