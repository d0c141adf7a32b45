import { useId, type Ref } from 'react';
import { useScreenersTexts, type ScreenersTranslate } from '../screeners-texts';
import type { AnswerValue, ScreenerQuestion } from './screener-rules';

interface QuestionFieldProps {
  question: ScreenerQuestion;
  value: AnswerValue | undefined;
  error: string | null;
  onChange: (value: AnswerValue | undefined) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * One question as a fieldset whose legend is the question's heading (focused on each step):
 * radios, checkboxes (min and max), a number with its range, a short text, a date. The error
 * is announced (role alert) and tied to the inputs with aria-describedby.
 */
export function QuestionField({ question, value, error, onChange, headingRef }: QuestionFieldProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const t = useScreenersTexts();
  const hint = questionHint(question, value, t);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="screener-run__question" aria-describedby={describedBy}>
      <legend className="screener-run__legend">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="screener-run__prompt">
          {question.prompt}
          {question.required ? <span className="screener-run__required">{t('required')}</span> : null}
        </h2>
      </legend>
      <Input question={question} value={value} onChange={onChange} labelledBy={headingId} describedBy={describedBy} invalid={!!error} />
      {hint && (
        <p id={hintId} className="screener-run__hint" aria-live="polite">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="screener-run__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The rule shown under a question: how many boxes, which range, how many characters. */
function questionHint(question: ScreenerQuestion, value: AnswerValue | undefined, t: ScreenersTranslate): string | null {
  if (question.kind === 'multiple') {
    const count = Array.isArray(value) ? value.length : 0;
    const { minChoices: min, maxChoices: max } = question;
    if (max !== undefined && count >= max) return t('hintMostChosen', { max });
    if (min !== undefined && count > 0 && count < min) return t('hintAtLeastChosen', { min, count });
    if (min !== undefined && max !== undefined) return t('hintFromTo', { min, max });
    if (max !== undefined) return t('hintUpTo', { max });
    return min !== undefined ? t('hintAtLeast', { min }) : t('hintAll');
  }
  if (question.kind === 'number' && (question.minValue !== undefined || question.maxValue !== undefined)) {
    const { minValue: min, maxValue: max } = question;
    if (min !== undefined && max !== undefined) return t('hintNumberRange', { min, max });
    return min !== undefined ? t('hintNumberMin', { min }) : t('hintNumberMax', { max: String(max) });
  }
  if (question.kind === 'text' && question.maxLength !== undefined) {
    const length = typeof value === 'string' ? value.length : 0;
    return t('hintCharacters', { length, max: question.maxLength });
  }
  return null;
}

interface InputProps {
  question: ScreenerQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  labelledBy: string;
  describedBy: string | undefined;
  invalid: boolean;
}

function Input({ question, value, onChange, labelledBy, describedBy, invalid }: InputProps) {
  const name = `question-${question.id}`;
  switch (question.kind) {
    case 'single':
      return (
        <div className="screener-run__options" role="radiogroup" aria-labelledby={labelledBy}>
          {question.options.map((option) => (
            <label key={option.id} className="screener-run__option">
              <input type="radio" name={name} checked={value === option.id} onChange={() => onChange(option.id)} />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      );
    case 'multiple': {
      const chosen = Array.isArray(value) ? value : [];
      const atMax = question.maxChoices !== undefined && chosen.length >= question.maxChoices;
      return (
        <div className="screener-run__options">
          {question.options.map((option) => {
            const checked = chosen.includes(option.id);
            return (
              <label key={option.id} className="screener-run__option">
                <input
                  type="checkbox"
                  name={name}
                  checked={checked}
                  // Further boxes are disabled once the maximum is reached.
                  disabled={!checked && atMax}
                  onChange={() => {
                    const next = checked ? chosen.filter((id) => id !== option.id) : [...chosen, option.id];
                    onChange(next.length > 0 ? next : undefined);
                  }}
                />
                <span>{option.label}</span>
              </label>
            );
          })}
        </div>
      );
    }
    case 'number':
      return (
        <input
          type="number"
          inputMode="decimal"
          className="screener-run__input"
          name={name}
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          min={question.minValue}
          max={question.maxValue}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
    case 'text':
      return (
        <input
          type="text"
          className="screener-run__input"
          name={name}
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          maxLength={question.maxLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
    case 'date':
      return (
        <input
          type="date"
          className="screener-run__input"
          name={name}
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      );
  }
}
