import { RetryAlert } from '../../components/retry-alert';
import { useId, useState } from 'react';
import type { PopupMessage } from '../../components/message-popup';
import { MessagePopup } from '../../components/message-popup';
import { failureMessage } from '../../components/status-failure';
import { saveThenClaim } from '../../components/save-then-claim';
import { viewStatus } from '../../lib/query-status';
import { useQuickCoins } from './api/get-coins';
import type { QuickQuestion, QuickStudy } from '@testerhub/shared/quick-survey-schemas';
import { useQuickQuestions } from './api/get-questions';
import { useUpdateQuickResponse } from './api/update-response';
import {
  answerOf,
  canComplete,
  COMMENT_MAX,
  commentProblem,
  needsComment,
  responsePayload,
  toggleChoice,
  type QuickAnswer,
  type QuickAnswers,
} from './quick-survey-rules';
import { useQuickSurveyTexts } from './quick-survey-texts';

export interface Reward {
  coins: number;
  exp: number;
  task: string;
}

interface QuickSurveyAnsweringProps {
  study: QuickStudy;
  onBack: () => void;
  onFailure: (popup: PopupMessage) => void;
  /** Saved: on to the results, with the reward when one was paid now. */
  onCompleted: (reward: Reward | null) => void;
}

/** View 1: the survey's questions and 'Complete Survey': save, claim the coins, then the results. */
export function QuickSurveyAnswering({ study, onBack, onFailure, onCompleted }: QuickSurveyAnsweringProps) {
  const t = useQuickSurveyTexts();
  const questions = useQuickQuestions(study.jobID);
  const update = useUpdateQuickResponse();
  const claimCoins = useQuickCoins();
  const [answers, setAnswers] = useState<QuickAnswers>({});
  const [noticeClosed, setNoticeClosed] = useState(false);
  const status = viewStatus(questions);
  const failed = status === 'error' || (status === 'success' && questions.data?.status !== 'succeed');
  const list = (questions.data?.status === 'succeed' && questions.data.customQuestionInfo) || [];
  const notice = failed && !noticeClosed ? failureMessage(t('questionsFailed'), questions.error ?? questions.data) : null;
  const busy = update.isPending || claimCoins.isPending;

  const change = (question: QuickQuestion, next: QuickAnswer) => setAnswers((all) => ({ ...all, [question.questionIndex]: next }));

  const complete = async () => {
    const done = await saveThenClaim({
      save: () => update.mutateAsync(responsePayload(list, answers)),
      claim: () => claimCoins.mutateAsync(study.jobID),
      texts: { saveFailed: t('saveFailed'), coinsFailed: t('coinsFailed') },
      onFailure,
    });
    if (!done.saved) return;
    const coins = done.claimed;
    const earned = !!coins && ((coins.coins ?? 0) > 0 || (coins.exp ?? 0) > 0);
    onCompleted(earned ? { coins: coins.coins ?? 0, exp: coins.exp ?? 0, task: t('task', { name: study.shortName }) } : null);
  };

  return (
    <div aria-busy={status === 'pending'}>
      <button type="button" className="button button--outline quick-survey__back" onClick={onBack}>
        {t('back')}
      </button>
      <h2 className="quick-survey__heading">{study.shortName}</h2>
      {status === 'pending' && <p role="status">{t('loadingQuestions')}</p>}
      {failed && (
        <RetryAlert
          className="quick-survey__error"
          text={t('questionsFailed')}
          onRetry={() => {
            setNoticeClosed(false);
            void questions.refetch();
          }}
        />
      )}
      {list.length > 0 && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void complete();
          }}
        >
          <ol className="quick-survey__questions">
            {list.map((question) => (
              <li key={question.questionIndex}>
                <QuestionField question={question} answer={answerOf(answers, question)} onChange={(next) => change(question, next)} />
              </li>
            ))}
          </ol>
          <button type="submit" className="button button--primary quick-survey__complete" disabled={busy || !canComplete(list, answers)}>
            {t('complete')}
          </button>
        </form>
      )}
      {notice && <MessagePopup {...notice} onClose={() => setNoticeClosed(true)} />}
    </div>
  );
}

interface QuestionFieldProps {
  question: QuickQuestion;
  answer: QuickAnswer;
  onChange: (answer: QuickAnswer) => void;
}

function QuestionField({ question, answer, onChange }: QuestionFieldProps) {
  const t = useQuickSurveyTexts();
  const id = useId();
  if (question.styleTypeStyle === 'textbox') {
    return (
      <div className="quick-survey__question">
        <label htmlFor={`${id}-comment`} className="quick-survey__legend">
          {question.qText}
        </label>
        <CommentBox id={`${id}-comment`} comment={answer.comment} onChange={(comment) => onChange({ ...answer, comment })} />
      </div>
    );
  }
  const type = question.styleTypeStyle === 'radio' ? 'radio' : 'checkbox';
  return (
    <fieldset className="quick-survey__question">
      <legend className="quick-survey__legend">{question.qText}</legend>
      {question.questionScales.map((scale) => (
        <label key={scale.valueKey} className="quick-survey__option">
          <input
            type={type}
            name={`${id}-choice`}
            value={scale.valueKey}
            checked={answer.keys.includes(scale.valueKey)}
            onChange={() => onChange(toggleChoice(answer, question, scale.valueKey))}
          />
          <span>{scale.scaleText}</span>
        </label>
      ))}
      {question.styleTypeStyle === 'checkbox' && needsComment(question, answer) && (
        <div className="quick-survey__other">
          <label htmlFor={`${id}-other`}>{t('otherAnswer')}</label>
          <CommentBox id={`${id}-other`} comment={answer.comment} onChange={(comment) => onChange({ ...answer, comment })} />
        </div>
      )}
    </fieldset>
  );
}

/** A comment of 2 to 200 characters; the count and the rule are announced as the tester types. */
function CommentBox({ id, comment, onChange }: { id: string; comment: string; onChange: (comment: string) => void }) {
  const t = useQuickSurveyTexts();
  const [touched, setTouched] = useState(false);
  const problem = commentProblem(comment);
  const shown = problem === 'long' || (touched && problem === 'short');
  return (
    <>
      <textarea
        id={id}
        className="quick-survey__comment"
        rows={3}
        value={comment}
        aria-invalid={shown}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      <p id={`${id}-help`} className={shown ? 'quick-survey__help quick-survey__help--error' : 'quick-survey__help'} aria-live="polite">
        {shown && (problem === 'long' ? t('commentTooLong') : t('commentTooShort'))}{' '}
        {t('characters', { count: comment.length, max: COMMENT_MAX })}
      </p>
    </>
  );
}
