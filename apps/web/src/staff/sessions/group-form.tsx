import { useState } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { GROUP_STATUSES, SESSION_KINDS, type SessionKind } from '@testerhub/shared/schedule-schemas';
import {
  sessionGroupFieldsSchema,
  STAFF_SESSION_LIMITS,
  type GroupChangeResponse,
  type SessionGroupFields,
  type StaffGroupsResponse,
} from '@testerhub/shared/session-admin-schemas';
import { COMPANY } from '@testerhub/shared/company';
import { zoneLabel } from '@testerhub/shared/wall-clock';
import { SelectField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useSchemaForm } from '../../lib/use-schema-form';
import { SubmitButton } from '../shell/staff-page-parts';

export const KIND_LABELS: Record<SessionKind, string> = {
  inPerson: 'In person',
  virtual: 'Virtual (video)',
  pickUp: 'Pick-up, then video',
};

export const EMPTY_GROUP: SessionGroupFields = {
  kind: 'inPerson',
  siteId: '',
  videoLink: '',
  pickUpDate: '',
  pickUpTime: '',
  color: '',
  cell: '',
  coOpCost: 0,
  seats: 1,
  status: 'Open',
  isExternal: false,
  sessions: [{ date: '', start: '', end: '' }],
};

interface GroupFormProps {
  /** The form's name for screen readers ('Add a session group', 'Edit group A1'). */
  title: string;
  sites: StaffGroupsResponse['sites'];
  initial: SessionGroupFields;
  submitLabel: string;
  /** Sends the fields; the answer's message is shown, and a refused field is marked. */
  onSave: (fields: SessionGroupFields) => Promise<GroupChangeResponse>;
  onCancel: () => void;
}

/**
 * A session group's every field (issue 10; decision 051), checked by the call's own shared schema:
 * kind, site, video link, pick-up moment, colour, cell, compensation, seats, overbooking (decision 111), Open or Closed,
 * external, and one or more session days on the site's clock.
 */
/**
 * What a group's date and time fields say of their zone (decision 135): its site's clock, or the
 * company's for a group with no site (the server's default zone for it).
 */
export function groupTimesNote(sites: StaffGroupsResponse['sites'], siteId: string | null | undefined): string {
  const site = sites.find((candidate) => candidate.siteId === siteId);
  return site
    ? `Times are in ${zoneLabel(site.timeZone)}, this site’s clock.`
    : `Times are in ${zoneLabel(COMPANY.timeZone)}, the company’s clock (no site).`;
}

export function GroupForm({ title, sites, initial, submitLabel, onSave, onCancel }: GroupFormProps) {
  const form = useSchemaForm(sessionGroupFieldsSchema, { defaultValues: initial });
  const { field, control, handleSubmit, watch, setError, formState } = form;
  const days = useFieldArray({ control, name: 'sessions' });
  const [problem, setProblem] = useState<string | null>(null);
  const kind = watch('kind');
  const timesNote = groupTimesNote(sites, watch('siteId'));

  const submit = handleSubmit(async (fields) => {
    setProblem(null);
    try {
      const answer = await onSave({ ...fields, siteId: fields.siteId || null });
      if (answer.status === 'failed') {
        if (answer.field) setError(answer.field as Path<SessionGroupFields>, { message: answer.message }, { shouldFocus: true });
        else setProblem(answer.message);
      }
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  });

  const sessionsError = formState.errors.sessions?.root?.message ?? formState.errors.sessions?.message;
  return (
    <form className="staff-form staff-group-form" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
      <div className="staff-group-grid">
        <SelectField label="Kind" options={SESSION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))} {...field('kind')} />
        <SelectField
          label="Test site"
          placeholder={kind === 'virtual' ? 'No site (virtual)' : 'Choose a site'}
          options={sites.map((site) => ({ value: site.siteId, label: site.name }))}
          hint={timesNote}
          {...field('siteId')}
        />
        {kind !== 'inPerson' && <TextField label="Video link" type="url" autoComplete="off" {...field('videoLink')} />}
        {kind === 'pickUp' && (
          <>
            <TextField label="Pick-up date" type="date" {...field('pickUpDate')} />
            <TextField label="Pick-up time" type="time" {...field('pickUpTime')} />
          </>
        )}
        <TextField label="Colour" autoComplete="off" {...field('color')} />
        <TextField label="Cell" autoComplete="off" {...field('cell')} />
        <TextField
          label="Compensation (US$, all days)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.register('coOpCost', { valueAsNumber: true })}
          error={field('coOpCost').error}
        />
        <TextField
          label="Seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={STAFF_SESSION_LIMITS.maxSeats}
          {...form.register('seats', { valueAsNumber: true })}
          error={field('seats').error}
        />
        <TextField
          label="Overbook (extra places only staff fill)"
          type="number"
          inputMode="numeric"
          min={0}
          max={STAFF_SESSION_LIMITS.maxOverbook}
          hint="Testers see the group full at its seats."
          {...form.numberField('overbook')}
        />
        <SelectField label="Status" options={GROUP_STATUSES.map((value) => ({ value, label: value }))} {...field('status')} />
      </div>
      <label className="staff-check">
        <input type="checkbox" {...form.register('isExternal')} /> Scheduled by the client elsewhere (external)
      </label>
      <fieldset className="staff-days">
        <legend>Session days</legend>
        <p className="form-field__hint" data-testid="group-times-zone">
          {timesNote}
        </p>
        {days.fields.map((day, index) => (
          <div key={day.id} className="staff-day" role="group" aria-label={`Day ${index + 1}`}>
            <TextField label={`Day ${index + 1} date`} type="date" {...field(`sessions.${index}.date`)} />
            <TextField label={`Day ${index + 1} starts`} type="time" {...field(`sessions.${index}.start`)} />
            <TextField label={`Day ${index + 1} ends`} type="time" {...field(`sessions.${index}.end`)} />
            {days.fields.length > 1 && (
              <button type="button" className="staff-button staff-button--quiet" onClick={() => days.remove(index)}>
                Remove day {index + 1}
              </button>
            )}
          </div>
        ))}
        {sessionsError && (
          <p className="form-field__error" role="alert">
            {sessionsError}
          </p>
        )}
        {days.fields.length < STAFF_SESSION_LIMITS.maxSessions && (
          <button type="button" className="staff-button staff-button--quiet" onClick={() => days.append({ date: '', start: '', end: '' })}>
            Add a day
          </button>
        )}
      </fieldset>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="staff-actions">
        <SubmitButton pending={formState.isSubmitting} label={submitLabel} />
        <button type="button" className="staff-button staff-button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
