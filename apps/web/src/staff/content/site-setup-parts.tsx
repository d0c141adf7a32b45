import { useState, type FormEvent } from 'react';
import { MAP_CODES } from '@testerhub/shared/public-content';
import type { StaffTestSite } from '@testerhub/shared/site-content-schemas';
import {
  setSiteMapCodeSchema,
  SITE_ZIP_TEXTS,
  zipPrefixChangeSchema,
  type SiteZipChangeResponse,
} from '@testerhub/shared/site-zip-schemas';
import { SelectField, TextField } from '../../components/form-field';
import {
  useAddZipPrefix,
  useMoveTestSite,
  useRemoveTestSite,
  useRemoveZipPrefix,
  useSetSiteMapCode,
  useSiteZipPrefixes,
} from '../api/site-setup';
import { LoadFailed, SubmitButton } from '../shell/staff-page-parts';
import { fieldErrors, outcomeOf, type Outcome } from './content-form-parts';

const MAP_OPTIONS = MAP_CODES.map((code) => ({ value: code, label: `${code} (/popup/maps/${code})` }));

/** A refusal the server tied to a field shows beside it; any other refusal in the card's line. */
type Answer = SiteZipChangeResponse | Outcome;
const fieldOf = (answer: Answer) => ('field' in answer ? answer.field : undefined);

/**
 * A site's set-up below its public fields (decision 069): its place in the public order, the maps
 * page it answers, the ZIP prefixes registration assigns it from, and removing it.
 */
export interface SiteCardProps {
  site: StaffTestSite;
  /** First and last in the public order: that end's move is off. */
  first: boolean;
  last: boolean;
  onOutcome: (outcome: Outcome | null) => void;
}

export function SiteSetup({ site, first, last, onOutcome }: SiteCardProps) {
  const move = useMoveTestSite();
  const [problem, setProblem] = useState<string | null>(null);
  const moveTo = async (direction: 'up' | 'down') => {
    onOutcome(null);
    setProblem(null);
    const answer = await outcomeOf(() => move.mutateAsync({ siteId: site.siteId, revision: site.revision, direction }));
    if (answer.status === 'succeed') onOutcome({ status: 'succeed', message: `${site.name}: ${answer.message}` });
    else setProblem(answer.message);
  };
  return (
    <>
      <div className="staff-actions" role="group" aria-label={`Order of ${site.name}`}>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={first || move.isPending}
          onClick={() => void moveTo('up')}
          aria-label={`Move up: ${site.name}`}
        >
          Move up
        </button>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          disabled={last || move.isPending}
          onClick={() => void moveTo('down')}
          aria-label={`Move down: ${site.name}`}
        >
          Move down
        </button>
      </div>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <MapCodeForm site={site} onOutcome={onOutcome} />
      <ZipPrefixes site={site} onOutcome={onOutcome} />
      <RemoveSite site={site} onOutcome={onOutcome} />
    </>
  );
}

function MapCodeForm({ site, onOutcome }: { site: StaffTestSite; onOutcome: (outcome: Outcome | null) => void }) {
  const save = useSetSiteMapCode();
  const [mapCode, setMapCode] = useState(site.mapCode ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = setSiteMapCodeSchema.safeParse({ siteId: site.siteId, revision: site.revision, mapCode: mapCode || null });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues).mapCode ?? SITE_ZIP_TEXTS.mapCodeInvalid);
    setError(null);
    const answer: Answer = await outcomeOf(() => save.mutateAsync(parsed.data));
    if (answer.status === 'succeed') onOutcome({ status: 'succeed', message: `${site.name}: ${answer.message}` });
    else if (fieldOf(answer) === 'mapCode') setError(answer.message);
    else onOutcome({ status: 'failed', message: `${site.name}: ${answer.message}` });
  };
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Maps page of ${site.name}`}>
      <SelectField
        label="Maps page"
        value={mapCode}
        placeholder="None (no maps page)"
        options={MAP_OPTIONS}
        error={error}
        hint="The public maps page that shows this site; one site per page."
        onChange={(event) => setMapCode(event.target.value)}
      />
      <div>
        <SubmitButton pending={save.isPending} label="Save maps page" quiet />
      </div>
    </form>
  );
}

function ZipPrefixes({ site, onOutcome }: { site: StaffTestSite; onOutcome: (outcome: Outcome | null) => void }) {
  const [open, setOpen] = useState(false);
  const prefixes = useSiteZipPrefixes(open);
  const add = useAddZipPrefix();
  const remove = useRemoveZipPrefix();
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mine = prefixes.data?.prefixes.filter((row) => row.siteId === site.siteId).map((row) => row.prefix) ?? [];

  const answered = (answer: Answer, done: () => void) => {
    if (answer.status === 'succeed') {
      onOutcome({ status: 'succeed', message: `${site.name}: ${answer.message}` });
      done();
    } else if (fieldOf(answer) === 'prefix') setError(answer.message);
    else onOutcome({ status: 'failed', message: `${site.name}: ${answer.message}` });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const parsed = zipPrefixChangeSchema.safeParse({ siteId: site.siteId, prefix });
    if (!parsed.success) return setError(fieldErrors(parsed.error.issues).prefix ?? SITE_ZIP_TEXTS.prefixInvalid);
    setError(null);
    answered(await outcomeOf(() => add.mutateAsync(parsed.data)), () => setPrefix(''));
  };
  const take = async (taken: string) => {
    onOutcome(null);
    setError(null);
    answered(await outcomeOf(() => remove.mutateAsync({ siteId: site.siteId, prefix: taken })), () => {});
  };

  return (
    <details className="staff-fieldset" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>ZIP prefixes{prefixes.data ? ` (${mine.length})` : ''}</summary>
      <p>Registration assigns a tester to this site when their ZIP code starts with one of these.</p>
      {open && prefixes.isPending && <p aria-busy="true">Loading ZIP prefixes…</p>}
      {prefixes.isError && <LoadFailed error={prefixes.error} onRetry={() => void prefixes.refetch()} />}
      {prefixes.data && mine.length === 0 && <p>No ZIP prefixes: registration assigns no tester to this site.</p>}
      {mine.length > 0 && (
        <ul className="staff-zip-prefixes" aria-label={`ZIP prefixes of ${site.name}`}>
          {mine.map((held) => (
            <li key={held}>
              {held}{' '}
              <button
                type="button"
                className="staff-button staff-button--quiet"
                disabled={remove.isPending}
                onClick={() => void take(held)}
                aria-label={`Remove ZIP prefix ${held} from ${site.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Add a ZIP prefix to ${site.name}`}>
        <TextField
          label="New ZIP prefix"
          value={prefix}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          error={error}
          hint="The first three digits of the ZIP codes, such as 787."
          onChange={(event) => setPrefix(event.target.value)}
        />
        <div>
          <SubmitButton pending={add.isPending} label="Add prefix" pendingLabel="Adding…" quiet />
        </div>
      </form>
    </details>
  );
}

function RemoveSite({ site, onOutcome }: { site: StaffTestSite; onOutcome: (outcome: Outcome | null) => void }) {
  const remove = useRemoveTestSite();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const confirm = async () => {
    onOutcome(null);
    setRefused(null);
    const answer = await outcomeOf(() => remove.mutateAsync({ siteId: site.siteId, revision: site.revision }));
    setConfirming(false);
    if (answer.status === 'succeed') onOutcome({ status: 'succeed', message: `${site.name}: ${answer.message}` });
    else setRefused(answer.message);
  };
  return (
    <div>
      {refused && (
        <p className="staff-problem" role="alert">
          {refused}
        </p>
      )}
      {confirming ? (
        <div role="group" aria-label={`Confirm removing ${site.name}`} className="staff-card">
          <p>
            Remove {site.name} and its ZIP prefixes? This cannot be undone. A site that testers, studies, session groups, bookings or staff
            still name is kept.
          </p>
          <div className="staff-actions">
            <button type="button" className="staff-button" disabled={remove.isPending} onClick={() => void confirm()}>
              {remove.isPending ? 'Removing…' : `Yes, remove ${site.name}`}
            </button>
            <button type="button" className="staff-button staff-button--quiet" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="staff-actions">
          <button
            type="button"
            className="staff-button staff-button--quiet"
            onClick={() => setConfirming(true)}
            aria-label={`Remove site: ${site.name}`}
          >
            Remove site
          </button>
        </div>
      )}
    </div>
  );
}
