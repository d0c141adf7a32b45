// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { describe, expect, test, vi } from 'vitest';
import { message } from '@testerhub/shared/account-messages';
import { checkConfirmEmailSchema, initializeInformationSchema, shortSignUpSchema } from '@testerhub/shared/account-schemas';
import { LOYALTY_SETTINGS_TEXTS, wheelSettingsSchema } from '@testerhub/shared/loyalty-settings-schemas';
import { TextField } from '../components/form-field';
import { formErrorMessage, listErrorText, specErrorMap } from './form-errors';
import { useSchemaForm } from './use-schema-form';

/** A portal form as new ones will be written: the shared schema of the call, field(name) on each control. */
/** A form of the entry pages, which switch between English and Spanish: the schema built for the language. */
function ReEngagementLikeForm({ language }: { language: 'en' | 'es' }) {
  const form = useSchemaForm(shortSignUpSchema(language), {
    language,
    defaultValues: { firstName: '', lastName: '', phone: '', email: '', Language: language },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <TextField label="First name" {...form.field('firstName')} />
      <TextField label="Phone number" {...form.field('phone')} />
      <button type="submit">Save</button>
    </form>
  );
}

function CredentialsForm({ onSend }: { onSend: (payload: unknown) => void }) {
  const form = useSchemaForm(initializeInformationSchema, {
    defaultValues: { Username: '', CurrentPassword: '', NewPassword: '', EmailAddress: '', PhoneNumber: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)}>
      <TextField label="Username" {...form.field('Username')} />
      <TextField label="Current password" type="password" {...form.field('CurrentPassword')} />
      <TextField label="New password" type="password" {...form.field('NewPassword')} />
      <TextField label="E-mail address" {...form.field('EmailAddress')} />
      <TextField label="Phone number" {...form.field('PhoneNumber')} />
      <button type="submit">Save</button>
    </form>
  );
}

/** A staff form with a list and numbers typed as text (the loyalty settings): numberField, useFieldArray and the list's own message. */
function WheelForm({ onSend }: { onSend: (payload: unknown) => void }) {
  const form = useSchemaForm(wheelSettingsSchema, {
    defaultValues: {
      version: 1,
      spinCost: 50,
      spinsPerWeek: 3,
      segments: [
        { coins: 10, percent: 60 },
        { coins: 100, percent: 40 },
      ],
    },
  });
  const segments = useFieldArray({ control: form.control, name: 'segments' });
  const segmentsError = listErrorText(form.formState.errors, 'segments');
  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)}>
      <TextField label="Spin cost" {...form.numberField('spinCost')} />
      {segments.fields.map((segment, index) => (
        <TextField key={segment.id} label={`Chance ${index + 1}`} {...form.numberField(`segments.${index}.percent`)} />
      ))}
      {segmentsError && <p role="alert">{segmentsError}</p>}
      <button type="submit">Save</button>
    </form>
  );
}

describe('form errors: the spec wording for what zod reports by itself', () => {
  test('missing, empty, too long: in English and Spanish', () => {
    const english = checkConfirmEmailSchema.safeParse({ code: 'x'.repeat(201) }, { error: specErrorMap('en') });
    expect(english.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['userId', message('required')],
      ['code', message('textTooLong')],
    ]);
    const spanish = checkConfirmEmailSchema.safeParse({ userId: '', code: 'ok' }, { error: specErrorMap('es') });
    expect(spanish.error?.issues.map((issue) => issue.message)).toEqual(['Este campo es obligatorio.']);
  });

  test("the schema's own texts win over the map", () => {
    const parsed = shortSignUpSchema('es').safeParse(
      { firstName: 'Ana', lastName: 'Ruiz', phone: '123', email: 'ana@example.com' },
      { error: specErrorMap('es') },
    );
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message('phoneInvalid', 'es')]);
  });

  test('an issue the spec has no text for keeps zod\u2019s own', () => {
    expect(formErrorMessage({ code: 'too_small', origin: 'number', minimum: 3, input: 1 } as never)).toBeUndefined();
  });
});

describe('useSchemaForm with a shared schema', () => {
  test('a message shows once the field is left, with the spec text, and follows the typing', async () => {
    const user = userEvent.setup();
    render(<CredentialsForm onSend={vi.fn()} />);
    await user.type(screen.getByLabelText('Username'), 'short');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Username must contain at least 8 characters.');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    // Typing again (the click leaves Current password, empty: its message shows too).
    await user.type(screen.getByLabelText('Username'), ' name');
    expect(screen.getByText('Username cannot contain spaces.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Username must contain at least 8 characters.')).not.toBeInTheDocument();
    expect(screen.getByText('Current password is required.')).toBeInTheDocument();
  });

  test('a submit with problems shows them all, focuses the first and sends nothing', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<CredentialsForm onSend={onSend} />);
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await user.type(screen.getByLabelText('Phone number'), '312555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      message('required'),
      'Current password is required.',
      'Password must contain at least one digit.',
      'Please enter a valid email address.',
      'Please enter a valid phone number with a 10-digit format, including the area code.',
    ]);
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(onSend).not.toHaveBeenCalled();
  });

  test('a language switch re-words the messages on show, and only those', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ReEngagementLikeForm language="en" />);
    await user.type(screen.getByLabelText('Phone number'), '312');
    await user.tab();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(message('phoneInvalid', 'en'));
    rerender(<ReEngagementLikeForm language="es" />);
    expect(await screen.findByText(message('phoneInvalid', 'es'))).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'false');
  });

  test('a valid form hands over the parsed payload', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<CredentialsForm onSend={onSend} />);
    await user.type(screen.getByLabelText('Username'), 'demotester1');
    await user.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await user.type(screen.getByLabelText('New password'), 'New-pass2');
    await user.type(screen.getByLabelText('E-mail address'), 'dana@example.com');
    await user.type(screen.getByLabelText('Phone number'), '3125550100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]?.[0]).toEqual({
      Username: 'demotester1',
      CurrentPassword: 'Old-pass1',
      NewPassword: 'New-pass2',
      EmailAddress: 'dana@example.com',
      PhoneNumber: '3125550100',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a number typed as text reaches the schema as a number, a blank one as missing; a rule on a whole list shows once, for the list', async () => {
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<WheelForm onSend={onSend} />);
    await user.clear(screen.getByLabelText('Spin cost'));
    await user.clear(screen.getByLabelText('Chance 2'));
    await user.type(screen.getByLabelText('Chance 2'), '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      LOYALTY_SETTINGS_TEXTS.wholeNumber,
      LOYALTY_SETTINGS_TEXTS.oddsTotal('90'),
    ]);
    expect(onSend).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Spin cost'), '60');
    await user.clear(screen.getByLabelText('Chance 2'));
    await user.type(screen.getByLabelText('Chance 2'), '40');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend.mock.calls[0]?.[0]).toEqual({
      version: 1,
      spinCost: 60,
      spinsPerWeek: 3,
      segments: [
        { coins: 10, percent: 60 },
        { coins: 100, percent: 40 },
      ],
    });
  });
});
