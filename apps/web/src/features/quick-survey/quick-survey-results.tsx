import { RetryAlert } from '../../components/retry-alert';
import { lazy, Suspense, useState } from 'react';
import { MessagePopup } from '../../components/message-popup';
import { failureMessage } from '../../components/status-failure';
import { viewStatus } from '../../lib/query-status';
import { useQuickResult } from './api/get-result';
import type { QuickStudy } from '@testerhub/shared/quick-survey-schemas';
import { QUICK_SURVEY_TEXTS } from './quick-survey-texts';

// The chart is its own chunk: only the results view loads it (GUIDE section 10, decision 019).
const ResultChart = lazy(async () => ({ default: (await import('./result-chart')).ResultChart }));

/** View 2: a bar chart per question and 'Go back to List'. */
export function QuickSurveyResults({ study, onBack }: { study: QuickStudy; onBack: () => void }) {
  const result = useQuickResult(study.jobID);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const status = viewStatus(result);
  const failed = status === 'error' || (status === 'success' && result.data?.status !== 'succeed');
  const results = (result.data?.status === 'succeed' && result.data.results) || [];
  const notice = failed && !noticeClosed ? failureMessage(QUICK_SURVEY_TEXTS.resultFailed, result.error ?? result.data) : null;

  return (
    <div aria-busy={status === 'pending'}>
      <button type="button" className="button button--outline quick-survey__back" onClick={onBack}>
        {QUICK_SURVEY_TEXTS.back}
      </button>
      <h2 className="quick-survey__heading">{study.shortName}: what testers answered</h2>
      {status === 'pending' && <p role="status">Loading the results…</p>}
      {failed && (
        <RetryAlert
          className="quick-survey__error"
          text={QUICK_SURVEY_TEXTS.resultFailed}
          onRetry={() => {
            setNoticeClosed(false);
            void result.refetch();
          }}
        />
      )}
      {results.length > 0 && (
        <Suspense fallback={<p role="status">Loading the charts…</p>}>
          <div className="quick-survey__charts">
            {results.map((question, index) => (
              <ResultChart key={`${index}-${question.questionName}`} result={question} />
            ))}
          </div>
        </Suspense>
      )}
      {notice && <MessagePopup {...notice} onClose={() => setNoticeClosed(true)} />}
    </div>
  );
}
