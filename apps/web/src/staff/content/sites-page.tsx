import { useState } from 'react';
import { addTestSiteSchema, editTestSiteSchema, SITE_TIME_ZONES, type StaffTestSite } from '@testerhub/shared/site-content-schemas';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { useAddTestSite, useEditTestSite, useStaffTestSites } from '../api/site-content';
import {
  AddFormCard,
  addSubmit,
  ContentSectionPage,
  EditFormFooter,
  useContentForm,
  useEditSubmit,
  type OnOutcome,
} from './content-form-parts';
import { SiteSetup, type SiteCardProps } from './site-setup-parts';

type Airport = { airport: string; directions: string };
type Fields = { name: string; city: string; address: string; phone: string; fax: string; tollFree: string; airportDirections: Airport[] };
type FieldErrors = Record<string, string>;
const EMPTY: Fields = { name: '', city: '', address: '', phone: '', fax: '', tollFree: '', airportDirections: [] };
const ZONE_OPTIONS = SITE_TIME_ZONES.map((zone) => ({ value: zone, label: zone.replace('_', ' ') }));

const fieldsOf = (site: StaffTestSite): Fields => ({
  name: site.name,
  city: site.city,
  address: site.address,
  phone: site.phone,
  fax: site.fax,
  tollFree: site.tollFree,
  airportDirections: site.airportDirections,
});

/** Content staff: the test sites' public fields edited, new sites added, and their ZIP prefixes, maps page, order and removal (decisions 061, 069). */
export function SitesPage() {
  return (
    <ContentSectionPage
      title="Test sites"
      intro={
        <p>
          The sites’ names, addresses, phone numbers and airport directions, as the public maps pages, schedule mails and check-in show
          them. Changes show there at once, in reminders sent from now on too. A site’s time zone is fixed when it is added: sessions
          already booked are shown in it. Registration assigns a tester to the site whose ZIP prefixes hold their ZIP code; a site nothing
          names any more can be removed, and one still named is retired by taking its ZIP prefixes and maps page off.
        </p>
      }
      useItems={useStaffTestSites}
      loadingText="Loading test sites…"
      emptyText="No test sites yet. Add the first one above."
      items={(data) => data.sites}
      addForm={(onOutcome) => <AddSiteForm onOutcome={onOutcome} />}
      listLabel="Test sites"
      renderItem={(site, { first, last, onOutcome }) => (
        <SiteCard key={site.siteId} site={site} first={first} last={last} onOutcome={onOutcome} />
      )}
    />
  );
}

function SiteFields({ fields, errors, onChange }: { fields: Fields; errors: FieldErrors; onChange: (fields: Fields) => void }) {
  const text = (key: Exclude<keyof Fields, 'airportDirections'>, label: string, extra: { type?: string; hint?: string } = {}) => (
    <TextField
      label={label}
      value={fields[key]}
      autoComplete="off"
      error={errors[key] ?? null}
      {...extra}
      onChange={(event) => onChange({ ...fields, [key]: event.target.value })}
    />
  );
  const setAirport = (index: number, airport: Airport | null) => {
    const list = [...fields.airportDirections];
    if (airport) list[index] = airport;
    else list.splice(index, 1);
    onChange({ ...fields, airportDirections: list });
  };
  return (
    <>
      {text('name', 'Name')}
      {text('city', 'City')}
      {text('address', 'Street address')}
      {text('phone', 'Phone', { type: 'tel' })}
      {text('fax', 'Fax (optional)', { type: 'tel' })}
      {text('tollFree', 'Toll-free number (optional)', { type: 'tel' })}
      <fieldset className="staff-fieldset">
        <legend>Directions from the airports</legend>
        {errors.airportDirections && (
          <p className="staff-problem" role="alert">
            {errors.airportDirections}
          </p>
        )}
        {fields.airportDirections.length === 0 && <p>No airports listed.</p>}
        {fields.airportDirections.map((entry, index) => (
          <div key={index} className="staff-card">
            <TextField
              label={`Airport ${index + 1}`}
              value={entry.airport}
              autoComplete="off"
              error={errors[`airportDirections.${index}.airport`] ?? null}
              onChange={(event) => setAirport(index, { ...entry, airport: event.target.value })}
            />
            <TextAreaField
              label={`Directions from airport ${index + 1}`}
              rows={3}
              value={entry.directions}
              error={errors[`airportDirections.${index}.directions`] ?? null}
              onChange={(event) => setAirport(index, { ...entry, directions: event.target.value })}
            />
            <button type="button" className="staff-button staff-button--quiet" onClick={() => setAirport(index, null)}>
              Remove airport {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="staff-button staff-button--quiet"
          onClick={() => onChange({ ...fields, airportDirections: [...fields.airportDirections, { airport: '', directions: '' }] })}
        >
          Add an airport
        </button>
      </fieldset>
    </>
  );
}

function AddSiteForm({ onOutcome }: { onOutcome: OnOutcome }) {
  const add = useAddTestSite();
  const form = useContentForm({ ...EMPTY, timeZone: '' }, (fields) => addTestSiteSchema.safeParse(fields), add.mutateAsync);
  const { fields, setFields, errors } = form;
  const submit = addSubmit(form, onOutcome, () => ({ ...EMPTY, timeZone: '' }));
  return (
    <AddFormCard title="Add a test site" submitLabel="Add site" pending={add.isPending} onSubmit={submit}>
      <SiteFields fields={fields} errors={errors} onChange={(changed) => setFields({ ...changed, timeZone: fields.timeZone })} />
      <SelectField
        label="Time zone"
        value={fields.timeZone}
        placeholder="Choose the site’s time zone"
        options={ZONE_OPTIONS}
        error={errors.timeZone ?? null}
        hint="Fixed once the site is added: its sessions are shown in it."
        onChange={(event) => setFields({ ...fields, timeZone: event.target.value })}
      />
    </AddFormCard>
  );
}

function SiteCard({ site, first, last, onOutcome }: SiteCardProps) {
  const [editing, setEditing] = useState(false);
  const headingId = `site-${site.siteId}`;
  return (
    <li className="staff-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="staff-order-title">
        {site.name}
      </h2>
      {editing ? (
        <EditSiteForm site={site} onDone={() => setEditing(false)} onOutcome={onOutcome} />
      ) : (
        <>
          <dl className="staff-facts">
            <dt>Site</dt>
            <dd>
              {site.siteId}, {site.mapCode ? `maps page /popup/maps/${site.mapCode}` : 'no maps page'}
            </dd>
            <dt>Address</dt>
            <dd>
              {site.address} ({site.city})
            </dd>
            <dt>Phone</dt>
            <dd>{[site.phone, site.fax && `fax ${site.fax}`, site.tollFree && `toll-free ${site.tollFree}`].filter(Boolean).join(', ')}</dd>
            <dt>Time zone</dt>
            <dd>{site.timeZone}</dd>
            <dt>Airports</dt>
            <dd>{site.airportDirections.map((entry) => entry.airport).join('; ') || 'None listed'}</dd>
          </dl>
          <div className="staff-actions">
            <button
              type="button"
              className="staff-button staff-button--quiet"
              onClick={() => setEditing(true)}
              aria-label={`Edit ${site.name}`}
            >
              Edit
            </button>
          </div>
          <SiteSetup site={site} first={first} last={last} onOutcome={onOutcome} />
        </>
      )}
    </li>
  );
}

/** Edits the copy it opened: a save after someone else's change is refused by the server and said here. */
function EditSiteForm({ site, onDone, onOutcome }: { site: StaffTestSite; onDone: () => void; onOutcome: OnOutcome }) {
  const edit = useEditTestSite();
  const [opened] = useState(site);
  const form = useContentForm(
    fieldsOf(site),
    (fields: Fields) => editTestSiteSchema.safeParse({ ...fields, siteId: opened.siteId, revision: opened.revision }),
    edit.mutateAsync,
  );
  // The status line names the site as saved: its new name, when that changed.
  const { refused, submit } = useEditSubmit(form, onOutcome, onDone, form.fields.name);
  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${opened.name}`}>
      <SiteFields fields={form.fields} errors={form.errors} onChange={form.setFields} />
      <p>Time zone: {opened.timeZone} (fixed)</p>
      <EditFormFooter refused={refused} pending={edit.isPending} onClose={onDone} />
    </form>
  );
}
