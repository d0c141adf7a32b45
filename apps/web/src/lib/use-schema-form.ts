import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, type FieldValues, type Path, type RegisterOptions, type UseFormProps } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
import type { Language } from '@testerhub/shared/account-messages';
import { fieldErrorText, specErrorMap } from './form-errors';

type SchemaFormOptions<Values extends FieldValues, Parsed extends FieldValues> = Omit<UseFormProps<Values, unknown, Parsed>, 'resolver'> & {
  /**
   * The language of the messages zod words by itself (the schema's own rules bring theirs, so a
   * form in two languages passes the schema built for the current one). A switch re-words the
   * messages on show.
   */
  language?: Language;
};

/**
 * The portal's form pattern (decision 012): react-hook-form checked by the shared zod schema
 * of the call the form sends (packages/shared/src/*-schemas.ts), so browser and server apply
 * the same rules with the same texts. A field's message shows once it was left and follows
 * the typing from then on (mode onTouched, like the entry forms); a submit with problems
 * shows them all and focuses the first. handleSubmit hands over the parsed payload.
 *
 * field(name) gives what a TextField or SelectField needs: register's props and the message;
 * numberField(name) the same for a number typed as text. A list's own message (a rule on the
 * whole array, such as odds adding up to 100 %) is listErrorText(form.formState.errors, name).
 */
export function useSchemaForm<Schema extends $ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  { language = 'en', ...options }: SchemaFormOptions<input<Schema>, output<Schema>> = {},
) {
  const form = useForm<input<Schema>, unknown, output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema, { error: specErrorMap(language) }),
  });
  const { errors } = form.formState;
  const { trigger } = form;
  const wordedIn = useRef(language);
  useEffect(() => {
    if (wordedIn.current === language) return;
    wordedIn.current = language;
    const shown = Object.keys(errors) as Path<input<Schema>>[];
    if (shown.length > 0) void trigger(shown);
  }, [language, errors, trigger]);
  const field = <Name extends Path<input<Schema>>>(name: Name, options?: RegisterOptions<input<Schema>, Name>) => ({
    ...form.register(name, options),
    error: fieldErrorText(form.formState.errors, name),
  });
  /** field(name) for a number typed in a text box: the value the schema checks is numberOf the text. */
  const numberField = <Name extends Path<input<Schema>>>(name: Name, options?: Pick<RegisterOptions<input<Schema>, Name>, 'onChange'>) =>
    field(name, { ...options, setValueAs: numberOf });
  return { ...form, field, numberField };
}

/** A number typed in a field: blank is missing (the schema says so), anything else as typed (NaN is refused by the schema). */
const numberOf = (value: unknown) => {
  if (typeof value === 'number' || value === undefined) return value;
  return String(value).trim() === '' ? undefined : Number(value);
};

/** The value of a number box left empty, where a form's type wants a number: the schema refuses it as missing. */
export const BLANK_NUMBER = undefined as unknown as number;
