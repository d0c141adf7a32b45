import { DRAWING_WEEKDAYS } from '@testerhub/shared/winners-schemas';
import { COMPANY } from '@testerhub/shared/company';
import type { ComponentProps } from 'react';
import { SelectField } from '../../components/form-field';

const OPTIONS = DRAWING_WEEKDAYS.map((name, index) => ({ value: String(index + 1), label: name }));

/**
 * The weekday the weekly drawing runs (decision 065), in the Weekly drawing form: ISO 1 (Monday)
 * to 7 (Sunday); the form's field props (useSchemaForm's numberField) reach the select. A new
 * day leaves this week's entries where they are.
 */
export function DrawingDayField(select: Omit<ComponentProps<typeof SelectField>, 'label' | 'options' | 'hint'>) {
  return (
    <SelectField
      {...select}
      label="Drawing day"
      options={OPTIONS}
      hint={`The week’s winner is drawn early that day (${COMPANY.timeZone}); a week runs from one drawing day to the next. A new day keeps this week’s entries: this week ends on the first new drawing day from today.`}
    />
  );
}
