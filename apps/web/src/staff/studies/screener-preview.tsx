import { useState } from 'react';
import type { PreviewAnswers, PreviewScreenerResponse, ScreenerDefinitionInput } from '@testerhub/shared/study-admin-schemas';
import { TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { usePreviewScreener } from '../api/studies';

type Answer = PreviewAnswers[string];

/**
 * The screener answered as a tester would (decision 050): the questions as they are in the form now,
 * shown or hidden by the server's rules as the answers come, and on Finish the outcome the
 * screening module would give. Nothing is saved.
 */
export function ScreenerPreview({ getScreener }: { getScreener: () => ScreenerDefinitionInput }) {
  const preview = usePreviewScreener();
  const [screener, setScreener] = useState<ScreenerDefinitionInput | null>(null);
  const [answers, setAnswers] = useState<PreviewAnswers>({});
  const [result, setResult] = useState<PreviewScreenerResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = async (definition: ScreenerDefinitionInput, given: PreviewAnswers, complete: boolean) => {
    setProblem(null);
    try {
      setResult(await preview.mutateAsync({ screener: definition, answers: given, complete }));
    } catch (error) {
      setResult(null);
      setProblem(requestErrorMessage(error));
    }
  };
  const start = () => {
    const definition = structuredClone(getScreener());
    setScreener(definition);
    setAnswers({});
    void ask(definition, {}, false);
  };
  const answer = (key: string, value: Answer | undefined) => {
    if (!screener) return;
    const next = { ...answers };
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key];
    else next[key] = value;
    setAnswers(next);
    void ask(screener, next, false);
  };

  const visible = new Set(result?.visible ?? []);
  const outcome = result && result.outcome !== 'inProgress' ? result : null;
  return (
    <section aria-labelledby="preview-heading" className="study-preview">
      <h3 id="preview-heading">Preview</h3>
      <p>Answer the screener as a tester would. The server decides with the same rules it uses for testers; nothing is saved.</p>
      <button type="button" className="staff-button staff-button--quiet" onClick={start}>
        {screener ? 'Start the preview again' : 'Start the preview'}
      </button>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      {screener && (
        <div className="study-preview-questions" aria-busy={preview.isPending}>
          {screener.questions
            .filter((question) => visible.has(question.key))
            .map((question) => {
              const given = answers[question.key];
              const error = result?.outcome === 'invalid' && result.field === question.key ? result.message : null;
              if (question.kind === 'single' || question.kind === 'multiple')
                return (
                  <fieldset key={question.key} className="study-picks" aria-invalid={!!error}>
                    <legend>
                      {question.prompt}
                      {question.required && ' (required)'}
                    </legend>
                    {question.options.map((option) => {
                      const picked = Array.isArray(given) ? given : given === undefined ? [] : [given];
                      const checked = picked.includes(option.key);
                      return (
                        <label key={option.key} className="staff-check">
                          <input
                            type={question.kind === 'single' ? 'radio' : 'checkbox'}
                            name={`preview-${question.key}`}
                            checked={checked}
                            onChange={(event) =>
                              question.kind === 'single'
                                ? answer(question.key, option.key)
                                : answer(
                                    question.key,
                                    event.target.checked
                                      ? [...(picked as string[]), option.key]
                                      : (picked as string[]).filter((key) => key !== option.key),
                                  )
                            }
                          />{' '}
                          {option.label}
                        </label>
                      );
                    })}
                    {error && (
                      <p className="staff-problem" role="alert">
                        {error}
                      </p>
                    )}
                  </fieldset>
                );
              return (
                <TextField
                  key={question.key}
                  label={`${question.prompt}${question.required ? ' (required)' : ''}`}
                  type={question.kind === 'number' ? 'number' : question.kind === 'date' ? 'date' : 'text'}
                  value={given === undefined ? '' : String(given)}
                  onChange={(event) =>
                    answer(
                      question.key,
                      question.kind === 'number' && event.target.value !== '' ? Number(event.target.value) : event.target.value,
                    )
                  }
                  error={error}
                />
              );
            })}
          <button type="button" className="staff-button" disabled={preview.isPending} onClick={() => void ask(screener, answers, true)}>
            Finish as a tester
          </button>
        </div>
      )}
      <div role="status" aria-live="polite">
        {outcome && outcome.outcome === 'qualified' && (
          <p className="staff-done" data-testid="preview-outcome">
            Qualified{outcome.quota ? `, in the quota “${outcome.quota}”` : ''}: the tester would go on to choose a session.
          </p>
        )}
        {outcome && outcome.outcome === 'disqualified' && (
          <p className="staff-problem" data-testid="preview-outcome">
            Not qualified. The tester would read: “{outcome.message}”
          </p>
        )}
        {outcome && outcome.outcome === 'invalid' && (
          <p className="staff-problem" data-testid="preview-outcome">
            Not finished: {outcome.message}
          </p>
        )}
      </div>
    </section>
  );
}
