import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './form-field.css';

interface FieldFrameProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (ids: { inputId: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error message, wired for screen readers (aria-describedby, aria-invalid). */
function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label htmlFor={inputId} className="form-field__label">
        {label}
      </label>
      {children({ inputId, describedBy, invalid: !!error })}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Reaches the input (react-hook-form's register passes one). */
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <input id={inputId} className="form-field__control" aria-invalid={invalid} aria-describedby={describedBy} {...input} />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  /** Reaches the select (react-hook-form's register passes one). */
  ref?: Ref<HTMLSelectElement>;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({ label, error, hint, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <select id={inputId} className="form-field__control" aria-invalid={invalid} aria-describedby={describedBy} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ inputId, describedBy, invalid }) => (
        <textarea id={inputId} className="form-field__control" aria-invalid={invalid} aria-describedby={describedBy} {...textarea} />
      )}
    </FieldFrame>
  );
}
