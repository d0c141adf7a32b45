import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { requestErrorMessage } from '../../lib/request-error';
import { useCompleteScreener } from './api/complete-screener';
import { useScreenerRun } from './api/get-screener-run';
import { useSaveScreenerAnswers } from './api/save-screener-answers';
import { QuestionField } from './run/question-field';
import {
  answerProblem,
  answersToSend,
  questionForField,
  resumeIndex,
  visibleQuestions,
  type Answers,
  type AnswerValue,
  type ScreenerRun,
} from './run/screener-rules';
import { SCREENER_LIST_PATH } from './screener-texts';
import { useScreenersTexts } from './screeners-texts';
import { chipColour } from './study-kind';
import { useFollowRedirect } from './use-start-screener';
import './screener-run-page.css';

/**
 * /community/main/screener/:studyNo: a screener hosted here (issue 9, section 3), one question
 * at a time. Answers are saved as the tester moves on, so leaving and coming back resumes at the
 * first open question; the server evaluates the answers on Submit and answers the outcome.
 */
export function ScreenerRunPage() {
  const param = useParams().studyNo ?? '';
  const studyNo = /^\d{1,9}$/.test(param) ? Number(param) : 0;
  // k: the child whose screener this is (decision 029); the server checks it is the tester's.
  const kid = useSearchParams()[0].get('k') ?? '';
  const query = useScreenerRun(studyNo, { enabled: studyNo > 0, kid });
  const status = viewStatus(query);
  const notFound = studyNo === 0 || (query.error instanceof ApiRequestError && query.error.status === 404);
  const t = useScreenersTexts();
  usePageTitle(query.data?.title ?? t('runTitle'));

  if (notFound) return <NotAvailable />;
  if (status === 'pending') {
    return (
      <section aria-busy="true" aria-labelledby="screener-run-loading">
        <p id="screener-run-loading" role="status" className="screener-run__status">
          {t('runLoading')}
        </p>
      </section>
    );
  }
  if (status === 'error' || !query.data) {
    return (
      <section className="screener-run" aria-labelledby="screener-run-error">
        <h1 id="screener-run-error" className="screener-run__title">
          {t('runTitle')}
        </h1>
        <div role="alert" className="screener-run__failure">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
            {t('tryAgain')}
          </button>
        </div>
        <BackToList />
      </section>
    );
  }
  return <ScreenerRunner run={query.data} kid={kid} />;
}

function BackToList() {
  const t = useScreenersTexts();
  return (
    <p>
      <Link to={SCREENER_LIST_PATH}>{t('backToList')}</Link>
    </p>
  );
}

function NotAvailable() {
  const t = useScreenersTexts();
  return (
    <section className="screener-run" aria-labelledby="screener-run-gone">
      <h1 id="screener-run-gone" className="screener-run__title">
        {t('notAvailable')}
      </h1>
      <p>{t('notAvailableHelp')}</p>
      <BackToList />
    </section>
  );
}

type Ending = { kind: 'thankYou'; message: string } | { kind: 'popup'; popup: PopupMessage };

function ScreenerRunner({ run, kid }: { run: ScreenerRun; kid: string }) {
  const navigate = useNavigate();
  const t = useScreenersTexts();
  const follow = useFollowRedirect();
  const save = useSaveScreenerAnswers(run.studyNo, kid);
  const complete = useCompleteScreener(run.studyNo, kid);
  const [answers, setAnswers] = useState<Answers>(run.answers);
  const [step, setStep] = useState(() => resumeIndex(run.questions, run.answers));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const visible = visibleQuestions(run.questions, answers);
  const index = Math.min(step, visible.length - 1);
  const question = visible[index];
  const last = index === visible.length - 1;
  const busy = save.isPending || complete.isPending;

  // Each step starts at its question, so a screen reader reads it first.
  useEffect(() => {
    headingRef.current?.focus();
  }, [index, question?.id]);

  if (ending?.kind === 'thankYou') return <ThankYou title={run.title} message={ending.message} />;

  const change = (value: AnswerValue | undefined) => {
    if (!question) return;
    const key = String(question.id);
    setAnswers((current) => {
      const next = { ...current };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
    setErrors(({ [key]: _cleared, ...rest }) => rest);
    setFailure(null);
  };

  /** A 400 names a question: show its message there (moving to it); anything else is a general failure. */
  const showRejection = (error: unknown, fallback: string) => {
    if (!shownFailure(error)) return;
    const named = error instanceof ApiRequestError && error.status === 400 ? questionForField(run.questions, error.field) : undefined;
    const at = named ? visible.findIndex((shown) => shown.id === named.id) : -1;
    if (named && at >= 0) {
      setErrors({ [String(named.id)]: error instanceof ApiRequestError ? error.message : fallback });
      setStep(at);
      headingRef.current?.focus();
    } else {
      setFailure(error instanceof ApiRequestError && error.status === 400 ? requestErrorMessage(error) : fallback);
    }
  };

  const checkCurrent = (): boolean => {
    if (!question) return true;
    const problem = answerProblem(question, answers[String(question.id)], t);
    if (problem) setErrors({ [String(question.id)]: problem });
    return !problem;
  };

  const next = async () => {
    if (!checkCurrent()) return;
    try {
      await save.mutateAsync(answersToSend(run.questions, answers));
      setStep(index + 1);
    } catch (error) {
      showRejection(error, t('saveFailed'));
    }
  };

  const submit = async () => {
    if (!checkCurrent()) return;
    const firstProblem = visible.findIndex((shown) => answerProblem(shown, answers[String(shown.id)], t));
    if (firstProblem >= 0) {
      const shown = visible[firstProblem]!;
      setErrors({ [String(shown.id)]: answerProblem(shown, answers[String(shown.id)], t)! });
      setStep(firstProblem);
      return;
    }
    try {
      const result = await complete.mutateAsync(answersToSend(run.questions, answers));
      switch (result.outcome) {
        case 'qualified':
          if (!follow(result.redirectLink)) void navigate(SCREENER_LIST_PATH);
          break;
        case 'alreadyScheduled':
        case 'full':
          setEnding({ kind: 'popup', popup: { data: result.status, message: result.message } });
          break;
        case 'waitlisted':
          setEnding({ kind: 'popup', popup: { data: t('waitlistedTitle'), message: result.message } });
          break;
        default:
          setEnding({ kind: 'thankYou', message: result.message });
      }
    } catch (error) {
      showRejection(error, t('submitFailed'));
    }
  };

  const back = () => {
    setErrors({});
    setFailure(null);
    setStep(Math.max(index - 1, 0));
  };

  return (
    <section className="screener-run" aria-labelledby="screener-run-title">
      <header className="screener-run__header">
        <h1 id="screener-run-title" className="screener-run__title">
          <span className="screener-run__chip" style={{ background: chipColour(run.colorName) }} aria-hidden="true" />
          {run.title}
        </h1>
        {run.childName && <p className="screener-run__child">{t('answeringFor', { name: run.childName })}</p>}
        <p className="screener-run__coins">
          {/* Paid when the tester qualifies, not for an answer that rules them out (decision 101). */}
          {t('coinPromise', { coins: run.coinValue })}
        </p>
      </header>
      {question ? (
        <form
          className="screener-run__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void (last ? submit() : next());
          }}
        >
          <Progress current={index + 1} total={visible.length} />
          <QuestionField
            key={question.id}
            question={question}
            value={answers[String(question.id)]}
            error={errors[String(question.id)] ?? null}
            onChange={change}
            headingRef={headingRef}
          />
          {failure && (
            <p role="alert" className="screener-run__error">
              {failure}
            </p>
          )}
          <div className="screener-run__buttons">
            <button type="button" className="button button--outline" onClick={back} disabled={index === 0 || busy}>
              {t('back')}
            </button>
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {last ? t('submit') : t('next')}
            </button>
          </div>
        </form>
      ) : (
        <p>{t('noQuestions')}</p>
      )}
      <BackToList />
      {ending?.kind === 'popup' && <MessagePopup {...ending.popup} onClose={() => void navigate(SCREENER_LIST_PATH)} />}
    </section>
  );
}

function Progress({ current, total }: { current: number; total: number }) {
  const t = useScreenersTexts();
  const text = t('progress', { current, total });
  return (
    <div className="screener-run__progress">
      <p className="screener-run__step">{text}</p>
      <div
        className="screener-run__bar"
        role="progressbar"
        aria-label={t('progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={text}
      >
        <span className="screener-run__bar-fill" style={{ width: `${(current / total) * 100}%` }} />
      </div>
    </div>
  );
}

function ThankYou({ title, message }: { title: string; message: string }) {
  const t = useScreenersTexts();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="screener-run screener-run--done" aria-labelledby="screener-run-thanks">
      <h1 id="screener-run-thanks" ref={headingRef} tabIndex={-1} className="screener-run__title">
        {t('thankYouTitle')}
      </h1>
      <p className="screener-run__study">{title}</p>
      <p>{message}</p>
      <Link to={SCREENER_LIST_PATH} className="button button--primary">
        {t('backToList')}
      </Link>
    </section>
  );
}
