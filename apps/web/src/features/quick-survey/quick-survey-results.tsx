import { RetryAlert } from '../../components/retry-alert';
import { lazy, Suspense, useState } from 'react';
import { MessagePopup } from '../../components/message-popup';
import { failureMessage } from '../../components/status-failure';
import { viewStatus } from '../../lib/query-status';
import { useQuickResult } from './api/get-result';
import type { QuickStudy } from '@testerhub/shared/quick-survey-schemas';
import { useQuickSurveyTexts } from './quick-survey-texts';

// The chart is its own chunk: only the results view loads it (GUIDE section 10, decision 019).
const ResultChart = lazy(async () => ({ default: (await import('./result-chart')).ResultChart }));

/** View 2: a bar chart per question and 'Go back to List'. */
export function QuickSurveyResults({ study, onBack }: { study: QuickStudy; onBack: () => void }) {
  const t = useQuickSurveyTexts();
  const result = useQuickResult(study.jobID);
  const [noticeClosed, setNoticeClosed] = useState(false);
  const status = viewStatus(result);
  const failed = status === 'error' || (status === 'success' && result.data?.status !== 'succeed');
  const results = (result.data?.status === 'succeed' && result.data.results) || [];
  const notice = failed && !noticeClosed ? failureMessage(t('resultFailed'), result.error ?? result.data) : null;

  return (
    <div aria-busy={status === 'pending'}>
      <button type="button" className="button button--outline quick-survey__back" onClick={onBack}>
        {t('back')}
      </button>
      <h2 className="quick-survey__heading">{t('resultsHeading', { name: study.shortName })}</h2>
      {status === 'pending' && <p role="status">{t('loadingResults')}</p>}
      {failed && (
        <RetryAlert
          className="quick-survey__error"
          text={t('resultFailed')}
          onRetry={() => {
            setNoticeClosed(false);
            void result.refetch();
          }}
        />
      )}
      {results.length > 0 && (
        <Suspense fallback={<p role="status">{t('loadingCharts')}</p>}>
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
