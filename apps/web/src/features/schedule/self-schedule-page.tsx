import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  SELF_SCHEDULE_STATUS_VIEW,
  SELF_SCHEDULE_SUCCESS_URL,
  WAIT_LIST_SUCCESS_URL,
  selfScheduleLinkSchema,
  type SelectedSchedulesRequest,
  type SelectedSchedulesStatus,
  type SelfScheduleGroup,
  type SelfScheduleStudy,
} from '@testerhub/shared/self-schedule-schemas';
import { MessagePopup, type PopupMessage } from '../../components/message-popup';
import { RewardPopup } from '../../components/reward-popup';
import { COMPANY } from '@testerhub/shared/company';
import { usePageTitle } from '../../hooks/use-page-title';
import { usePortalContext } from '../../hooks/use-portal-context';
import { viewStatus } from '../../lib/query-status';
import { isUnauthenticated } from '../../lib/request-error';
import { useGiveCoinsExternalScreener } from './api/give-coins-external-screener';
import { useNotInterest } from './api/not-interest';
import { useSelectedSchedules } from './api/get-selected-schedules';
import { useSelfSchedule } from './api/self-schedule';
import { useSelfWaitList } from './api/self-wait-list';
import { GroupCells, GroupTable, useGroupDates } from './group-table';
import { useScheduleTexts, type ScheduleTranslate } from './schedule-texts';
import { clearSelfScheduleLink, forgetExternalToken, readSelfScheduleLink, type SelfScheduleLink } from './self-schedule-link';
import { ARRIVE_EARLY_MINUTES, EXTERNAL_WAIT_MINUTES, choicesNotice } from './self-schedule-texts';
import './schedule.css';

/** What the tester chose for one study: a time (Select, an Open group) or a waiting list (Notify me, a Closed group). */
interface Choice {
  kind: 'select' | 'notify';
  groupId: string;
}

/** The page's views (spec 3, "Self-schedule"); 'none' is a visit from the menu with no study waiting. */
type View = { view: 2 | 3 | 5 | 6 | 'none' } | { view: 4; availableAt: string | null };

interface Reward {
  coins: number;
  exp: number;
  task: string;
  /** Where the page goes when the popup closes (null: it stays on the view it shows). */
  then: string | null;
  /** What the screener list says on arrival (the waiting lists joined and the studies declined). */
  notice?: string;
}

/** Only a path of this site is followed after a call; anything else goes to the given default. */
function sitePath(url: string, fallback: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : fallback;
}

/**
 * The body of GetSelectedSchedules for the stored link: all of s, t and d (and k as Child) (checked with the shared
 * schema), none of them (every study waiting for the tester), or null when the link is damaged
 * (view 3 without asking the server).
 */
function linkRequest(link: SelfScheduleLink): SelectedSchedulesRequest | null {
  if (!link.s && !link.t && !link.d) return {};
  const parsed = selfScheduleLinkSchema.safeParse({ s: link.s, t: link.t, d: link.d });
  if (!parsed.success) return null;
  const request: SelectedSchedulesRequest = { Study: parsed.data.s, Tester: parsed.data.t, Data: parsed.data.d };
  // A child's link (decision 029): the choices are the child's.
  return link.k ? { ...request, Child: link.k } : request;
}

/** The name a study goes by on this page and in what it confirms. */
const studyTitle = (study: SelfScheduleStudy, t: ScheduleTranslate) =>
  study.studyName || t('selfStudyFallback', { colour: study.colorName, studyNo: study.studyNo });

/** The waiting list's reasons (spec 3, view 2), in order. */
const WAITLIST_REASONS = ['selfWaitlistReason1', 'selfWaitlistReason2', 'selfWaitlistReason3', 'selfWaitlistReason4'] as const;

/** Moves keyboard and screen-reader focus to a new view's heading. */
function useFocusOnChange(ref: RefObject<HTMLElement | null>, key: unknown) {
  useEffect(() => {
    ref.current?.focus();
  }, [ref, key]);
}

/**
 * /community/main/schedule/self (spec 3, "Self-schedule"; issue 10, section 2): reached from the
 * hosted screener's redirect and from e-mailed links with s, t and d, or from an outside screener
 * with ex. Decision 025.
 */
export function SelfSchedulePage() {
  const t = useScheduleTexts();
  usePageTitle(t('selfPageTitle'));
  const { search } = useLocation();
  // Read once per address: the stored values serve a visit from the menu or after a login.
  const link = useMemo(() => readSelfScheduleLink(search), [search]);
  return (
    <section className="schedule self-schedule" aria-labelledby="self-schedule-title">
      {link.ex ? <ExternalReturn key={link.ex} ex={link.ex} sig={link.sig} /> : <Choices key={search} link={link} />}
    </section>
  );
}

/**
 * ex (with the partner's sig): claim the outside screener's credit once, then view 4 (or view 5 when
 * the token was already used or the return is not signed by the partner).
 */
function ExternalReturn({ ex, sig }: { ex: string; sig: string | null }) {
  const t = useScheduleTexts();
  const portal = usePortalContext();
  const give = useGiveCoinsExternalScreener();
  const { mutate } = give;
  const [reward, setReward] = useState<Reward | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const [view, setView] = useState<View | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, even when React runs the effect twice.
    if (started.current) return;
    started.current = true;
    mutate(
      { ex, sig },
      {
        onSuccess: (answer) => {
          forgetExternalToken();
          if (answer.status === 'succeed') {
            setView({ view: 4, availableAt: answer.availableAt });
            if (answer.coins > 0 || answer.exp > 0)
              setReward({ coins: answer.coins, exp: answer.exp, task: t('selfExternalRewardTask'), then: null });
          } else {
            setView({ view: 5 });
            setPopup({ data: t('selfExternalRewardFailed'), message: t('selfExternalRewardFailedText') });
          }
        },
        onError: (error) => {
          if (isUnauthenticated(error)) return;
          setView({ view: 5 });
          setPopup({ data: t('selfExternalRewardFailed') });
        },
      },
    );
  }, [ex, sig, mutate, t]);

  return (
    <>
      {view ? <OutcomeView view={view} /> : <Loading />}
      <Announcer text={view?.view === 4 ? t('selfExternalTitle') : ''} />
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
      {reward && <RewardPopup {...reward} onRewarded={portal?.refreshProfile} onClose={() => setReward(null)} />}
    </>
  );
}

function Loading() {
  const t = useScheduleTexts();
  return (
    <>
      <h1 id="self-schedule-title" className="schedule__title">
        {t('selfPageTitle')}
      </h1>
      <p role="status">{t('selfLoading')}</p>
      <div className="schedule__skeleton" aria-hidden="true" />
    </>
  );
}

/** Always mounted, so a screen reader hears each outcome. */
function Announcer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="self-schedule-live">
      {text}
    </p>
  );
}

/** The link's choices (view 1) and every outcome that follows them. */
function Choices({ link }: { link: SelfScheduleLink }) {
  const t = useScheduleTexts();
  const portal = usePortalContext();
  const navigate = useNavigate();
  const request = useMemo(() => linkRequest(link), [link]);
  const fromLink = request !== null && request.Study != null;
  const query = useSelectedSchedules(request);
  const status = viewStatus(query);
  const selfSchedule = useSelfSchedule();
  const waitList = useSelfWaitList();
  const notInterest = useNotInterest();

  // Choices refreshed by a refused SelfSchedule replace the loaded ones.
  const [refreshed, setRefreshed] = useState<SelfScheduleStudy[] | null>(null);
  const studies = refreshed ?? query.data?.filteredScheduleView ?? [];
  const [step, setStep] = useState(0);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [declined, setDeclined] = useState<ReadonlySet<number>>(new Set());
  // Studies already booked by this visit (a retry after a failed waiting-list call books nothing twice).
  const booked = useRef(false);
  const [outcome, setOutcome] = useState<View | null>(null);
  const [popup, setPopup] = useState<PopupMessage | null>(null);
  const [reward, setReward] = useState<Reward | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const busy = selfSchedule.isPending || waitList.isPending || notInterest.isPending;

  let view: View | { view: 1 } | { view: 'loading' } | { view: 'error' };
  if (request === null) view = { view: 3 };
  else if (outcome) view = outcome;
  else if (status === 'pending') view = { view: 'loading' };
  else if (status === 'error') view = { view: 'error' };
  else {
    const answer = query.data!;
    const shown = SELF_SCHEDULE_STATUS_VIEW[answer.status];
    if (shown === 1 && studies.length > 0) view = { view: 1 };
    else if (shown === 4) view = { view: 4, availableAt: answer.availableAt };
    // From the menu, with nothing waiting: no apology, just that.
    else if (!fromLink && (answer.status === 'notRequested' || shown === 1)) view = { view: 'none' };
    else view = { view: shown === 1 ? 2 : shown };
  }

  // A link the server answered with nothing to book (views 2 and 3) is spent: kept, it would stand in for
  // the menu's visit, which must show what the server says is bookable now (issue 28, item 2).
  const answeredView = query.data ? SELF_SCHEDULE_STATUS_VIEW[query.data.status] : null;
  const spent = request === null || (fromLink && (answeredView === 2 || answeredView === 3));
  useEffect(() => {
    if (spent) clearSelfScheduleLink();
  }, [spent]);

  const current = studies[Math.min(step, studies.length - 1)];
  const anyNotify = Object.values(choices).some((choice) => choice.kind === 'notify');
  const last = step >= studies.length - 1;

  const choose = (studyNo: number, choice: Choice) => setChoices((all) => ({ ...all, [studyNo]: choice }));

  const goToStep = (next: number) => {
    setStep(next);
    const study = studies[next];
    if (study) setAnnouncement(t('selfStudyStepAnnounced', { step: next + 1, total: studies.length, study: study.studyName }));
  };

  /** The end of the steps: book the chosen times, then join the chosen waiting lists. */
  const finish = async (chosen: Record<number, Choice>, declinedNow: ReadonlySet<number>) => {
    const picks = studies.filter((study) => chosen[study.studyNo]?.kind === 'select' && !declinedNow.has(study.studyNo));
    const notifies = studies.filter((study) => chosen[study.studyNo]?.kind === 'notify' && !declinedNow.has(study.studyNo));
    let paid: { coins: number; exp: number; url: string } | null = null;

    if (picks.length > 0 && !booked.current) {
      const groups = picks.map((study) => study.groups.find((group) => group.groupId === chosen[study.studyNo]!.groupId)!);
      try {
        const answer = await selfSchedule.mutateAsync({
          ...request,
          Child: link.k,
          IsRequest: true,
          groupIDs: groups.filter((group) => !group.isPickUp).map((group) => group.groupId),
          pickUpgroupIDs: groups.filter((group) => group.isPickUp).map((group) => group.groupId),
        });
        if (answer.status === 'succeed') {
          booked.current = true;
          paid = { coins: answer.coins, exp: answer.exp, url: sitePath(answer.url, SELF_SCHEDULE_SUCCESS_URL) };
        } else if (answer.status === 'notAvailable' || answer.status === 'overlap') {
          refreshChoices(answer.returnSchedules, chosen);
          setPopup(
            answer.status === 'notAvailable'
              ? { data: t('selfUnavailable'), message: t('selfUnavailableText') }
              : { data: t('selfScheduleFailed'), message: t('selfOverlapText') },
          );
          return;
        } else if (answer.status === 'changeEmailAddress') {
          setPopup({ data: t('selfInvalidEmail'), message: t('selfInvalidEmailText') });
          return;
        } else if (answer.status === 'checked') {
          setPopup({ data: t('selfScheduleFailed') });
          return;
        } else {
          // The link or the study changed meanwhile: the view its status stands for.
          const shown = SELF_SCHEDULE_STATUS_VIEW[answer.status as SelectedSchedulesStatus];
          show(shown === 4 ? { view: 4, availableAt: null } : { view: shown === 1 ? 2 : shown });
          return;
        }
      } catch (error) {
        if (!isUnauthenticated(error)) setPopup({ data: t('selfScheduleFailed') });
        return;
      }
    }

    for (const study of notifies) {
      try {
        const answer = await waitList.mutateAsync({ Study: study.studyGuid, Child: link.k, GroupIds: [chosen[study.studyNo]!.groupId] });
        if (answer.status !== 'succeed') {
          setPopup({ data: t('selfWaitlistFailed'), message: waitListExplanation(answer.status, t) });
          return;
        }
      } catch (error) {
        if (!isUnauthenticated(error)) setPopup({ data: t('selfWaitlistFailed') });
        return;
      }
    }

    // Every study has its answer: the link is spent.
    clearSelfScheduleLink();
    // A waiting list joined or a study declined returns to the screener list (spec 3), which says
    // what was done in plain words; a booking alone goes to the schedule check.
    const waitlisted = notifies.length > 0 || declinedNow.size > 0;
    const notice = waitlisted
      ? choicesNotice(
          {
            booked: picks.map((study) => studyTitle(study, t)),
            waitlisted: notifies.map((study) => studyTitle(study, t)),
            declined: studies.filter((study) => declinedNow.has(study.studyNo)).map((study) => studyTitle(study, t)),
          },
          t,
        )
      : undefined;
    const then = waitlisted ? WAIT_LIST_SUCCESS_URL : (paid?.url ?? null);
    if (paid && (paid.coins > 0 || paid.exp > 0)) {
      setReward({ coins: paid.coins, exp: paid.exp, task: t('selfRewardTask'), then, notice });
    } else if (then) {
      void navigate(then, { state: notice ? { notice } : undefined });
    }
    if (paid) setAnnouncement(t('selfScheduledAnnouncement'));
  };

  /** Puts the refreshed choices in place, drops the choices they no longer allow, and returns to the first such study. */
  const refreshChoices = (fresh: SelfScheduleStudy[], chosen: Record<number, Choice>) => {
    if (fresh.length === 0) return;
    const byStudy = new Map(fresh.map((study) => [study.studyNo, study]));
    const merged = studies.map((study) => byStudy.get(study.studyNo) ?? study);
    const kept: Record<number, Choice> = {};
    let firstLost = -1;
    merged.forEach((study, index) => {
      const choice = chosen[study.studyNo];
      if (!choice) return;
      const group = study.groups.find((item) => item.groupId === choice.groupId);
      if (group && allows(group, choice.kind)) kept[study.studyNo] = choice;
      else if (firstLost < 0) firstLost = index;
    });
    setRefreshed(merged);
    setChoices(kept);
    if (firstLost >= 0) setStep(firstLost);
  };

  const show = (next: View) => {
    setOutcome(next);
    if (next.view === 2) setAnnouncement(t('selfWaitlistTitle'));
  };

  const onNotInterested = async () => {
    if (!current) return;
    try {
      const answer = await notInterest.mutateAsync({ StudyNo: current.studyNo, Child: link.k });
      if (answer.status !== 'succeed' && answer.status !== 'hasSchedule') {
        setPopup({ data: t('selfSomethingWrong'), message: waitListExplanation(answer.status, t) });
        return;
      }
    } catch (error) {
      if (!isUnauthenticated(error)) setPopup({ data: t('selfSomethingWrong') });
      return;
    }
    const declinedNow = new Set(declined).add(current.studyNo);
    setDeclined(declinedNow);
    const { [current.studyNo]: _dropped, ...rest } = choices;
    setChoices(rest);
    if (!last) goToStep(step + 1);
    else void finish(rest, declinedNow);
  };

  const onNext = () => {
    if (!current || !choices[current.studyNo]) return;
    if (!last) goToStep(step + 1);
    else void finish(choices, declined);
  };

  return (
    <>
      {view.view === 'loading' && <Loading />}
      {view.view === 'error' && (
        <>
          <h1 id="self-schedule-title" className="schedule__title">
            {t('selfPageTitle')}
          </h1>
          <div className="schedule__error" role="alert">
            <p className="schedule__error-title">{t('loadFailed')}</p>
            <p>{t('selfLoadFailedHelp')}</p>
            <button type="button" className="button button--primary" onClick={() => void query.refetch()}>
              {t('tryAgain')}
            </button>
          </div>
        </>
      )}
      {view.view === 1 && current && (
        <ChoiceStep
          study={current}
          step={step}
          total={studies.length}
          choice={choices[current.studyNo] ?? null}
          onChoose={(choice) => choose(current.studyNo, choice)}
          nextText={
            last ? (anyNotify ? t('selfWaitForThisTime') : t('selfScheduleMe')) : t('selfNext', { step: step + 1, total: studies.length })
          }
          busy={busy}
          onBack={step > 0 ? () => goToStep(step - 1) : null}
          onNext={onNext}
          onNotInterested={() => void onNotInterested()}
        />
      )}
      {view.view !== 1 && view.view !== 'loading' && view.view !== 'error' && <OutcomeView view={view} />}
      <Announcer text={announcement} />
      {popup && <MessagePopup {...popup} onClose={() => setPopup(null)} />}
      {reward && (
        <RewardPopup
          coins={reward.coins}
          exp={reward.exp}
          task={reward.task}
          onRewarded={portal?.refreshProfile}
          onClose={() => {
            setReward(null);
            if (reward.then) void navigate(reward.then, { state: reward.notice ? { notice: reward.notice } : undefined });
          }}
        />
      )}
    </>
  );
}

/** Past its booking close (the notice window): neither picked nor waited for, since no seat of it opens again. */
const bookingClosed = (group: SelfScheduleGroup) => group.unavailableBecause === 'bookingClosed';

/** A group the choice may name: Select an Open group, Notify me for a Closed one whose booking has not closed. */
function allows(group: SelfScheduleGroup, kind: Choice['kind']): boolean {
  return kind === 'select' ? group.status === 'Open' : group.status === 'Closed' && !bookingClosed(group);
}

function waitListExplanation(status: string, t: ScheduleTranslate): string | undefined {
  if (status === 'groupOpen') return t('selfGroupOpenText');
  if (status === 'hasSchedule') return t('selfHasScheduleText');
  // The page offers no Notify me past a time's booking close; one still open from before it gets this.
  if (status === 'notAvailable') return t('selfWaitlistClosedText');
  return undefined;
}

interface ChoiceStepProps {
  study: SelfScheduleStudy;
  step: number;
  total: number;
  choice: Choice | null;
  onChoose: (choice: Choice) => void;
  nextText: string;
  busy: boolean;
  onBack: (() => void) | null;
  onNext: () => void;
  onNotInterested: () => void;
}

/** View 1: the congratulations, the instructions and one study's table of times. */
function ChoiceStep({ study, step, total, choice, onChoose, nextText, busy, onBack, onNext, onNotInterested }: ChoiceStepProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const studyHeading = useRef<HTMLHeadingElement>(null);
  // The page's heading on arrival; the study's heading on each later step.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      heading.current?.focus();
    } else studyHeading.current?.focus();
  }, [step]);
  const t = useScheduleTexts();
  const captionId = `self-schedule-caption-${study.studyNo}`;
  const closedForBooking = study.groups.find(bookingClosed);

  return (
    <>
      <h1 id="self-schedule-title" className="schedule__title" tabIndex={-1} ref={heading}>
        {t('selfTitle')}
      </h1>
      <p>{t('selfIntro')}</p>
      {/* Photo ID and arriving early concern a visit to a test site: not a virtual or a pick-up session. */}
      {study.groups.some((group) => group.kind === 'inPerson') && (
        <ul className="self-schedule__instructions">
          <li>{t('selfBringId')}</li>
          <li>{t('selfArriveEarly', { minutes: ARRIVE_EARLY_MINUTES })}</li>
        </ul>
      )}
      <form
        className="schedule__form"
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
      >
        {total > 1 && <p className="self-schedule__step">{t('selfStudyStep', { step: step + 1, total })}</p>}
        <h2 className="self-schedule__study" tabIndex={-1} ref={studyHeading}>
          {studyTitle(study, t)}
        </h2>
        {(study.coins > 0 || study.exp > 0) && (
          <p className="self-schedule__pays">{t('selfPays', { coins: study.coins, exp: study.exp })}</p>
        )}
        {study.groups.some((group) => group.status === 'Closed' && !bookingClosed(group)) && (
          <p className="booking-card__note">{t('selfClosedHint')}</p>
        )}
        {closedForBooking && (
          <p className="booking-card__note">
            {t('selfBookingClosedHint', { hours: closedForBooking.noticeHours, phone: COMPANY.supportPhone })}
          </p>
        )}
        <fieldset className="self-schedule__choices">
          <legend className="visually-hidden">{t('selfChooseLegend', { study: study.studyName || study.studyNo })}</legend>
          <GroupTable
            captionId={captionId}
            caption={study.studyName ? t('selfTimesFor', { study: study.studyName }) : t('selfTimesForStudyNo', { studyNo: study.studyNo })}
            pickColumn={t('selfChoose')}
            withLocation
          >
            {study.groups.map((group) => (
              <GroupRow key={group.groupId} study={study} group={group} choice={choice} onChoose={onChoose} />
            ))}
          </GroupTable>
        </fieldset>
        <div className="schedule__actions self-schedule__actions">
          {onBack && (
            <button type="button" className="button" onClick={onBack} disabled={busy}>
              {t('selfBack')}
            </button>
          )}
          <button type="button" className="button" onClick={onNotInterested} disabled={busy}>
            {t('selfNotInterested')}
          </button>
          <button type="submit" className="button button--primary" disabled={choice === null || busy} aria-busy={busy}>
            {nextText}
          </button>
        </div>
      </form>
    </>
  );
}

function GroupRow({
  study,
  group,
  choice,
  onChoose,
}: {
  study: SelfScheduleStudy;
  group: SelfScheduleGroup;
  choice: Choice | null;
  onChoose: (choice: Choice) => void;
}) {
  const t = useScheduleTexts();
  const kind: Choice['kind'] = group.status === 'Open' ? 'select' : 'notify';
  const action = kind === 'select' ? t('selfSelect') : t('selfNotifyMe');
  const dates = useGroupDates()(group);
  const chosen = choice?.groupId === group.groupId;
  if (bookingClosed(group))
    return (
      <tr role="row">
        <td role="cell">
          <span className="self-schedule__pick">{t('selfBookingClosed')}</span>
        </td>
        <GroupCells group={group} dates={dates} notes={[]} withLocation />
      </tr>
    );
  return (
    <tr role="row" className={chosen ? 'schedule__row--chosen' : undefined}>
      <td role="cell">
        <label className="self-schedule__pick">
          <input
            type="radio"
            name={`self-schedule-${study.studyNo}`}
            value={group.groupId}
            checked={chosen}
            // The name starts with the visible word, so speech control finds it too.
            aria-label={`${action} ${dates[0] ?? group.cell}${kind === 'notify' ? ` (${t('selfClosed')})` : ''}`}
            onChange={() => onChoose({ kind, groupId: group.groupId })}
          />
          <span aria-hidden="true">{action}</span>
        </label>
      </td>
      <GroupCells group={group} dates={dates} notes={[kind === 'notify' && t('selfClosed')]} withLocation />
    </tr>
  );
}

/** Views 2 to 5, and the menu's "nothing waiting". */
function OutcomeView({ view }: { view: View }) {
  const t = useScheduleTexts();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(heading, view.view);
  let title: string;
  let body: ReactNode;
  let links: ReactNode;
  const toStudies = (
    <Link className="button button--primary" to={WAIT_LIST_SUCCESS_URL}>
      {t('selfToStudies')}
    </Link>
  );
  switch (view.view) {
    case 2:
      title = t('selfWaitlistTitle');
      body = (
        <>
          <p>{t('selfWaitlistIntro')}</p>
          <ul className="self-schedule__reasons">
            {WAITLIST_REASONS.map((reason) => (
              <li key={reason}>{t(reason)}</li>
            ))}
          </ul>
        </>
      );
      links = toStudies;
      break;
    case 6:
      title = t('selfSuspendedTitle');
      body = <p>{t('selfSuspendedText', { phone: COMPANY.supportPhone })}</p>;
      links = toStudies;
      break;
    case 3:
      title = t('selfMismatchTitle');
      body = <p>{t('selfMismatchText', { phone: COMPANY.supportPhone })}</p>;
      links = toStudies;
      break;
    case 4:
      title = t('selfExternalTitle');
      body = <p>{t('selfExternalText', { minutes: EXTERNAL_WAIT_MINUTES })}</p>;
      links = toStudies;
      break;
    case 5:
      title = t('selfCompletedTitle');
      body = <p>{t('selfCompletedText')}</p>;
      links = (
        <>
          <Link className="button button--primary" to={SELF_SCHEDULE_SUCCESS_URL}>
            {t('selfToSchedule')}
          </Link>
          <Link className="button" to={WAIT_LIST_SUCCESS_URL}>
            {t('selfToStudies')}
          </Link>
        </>
      );
      break;
    default:
      title = t('selfPageTitle');
      body = <p className="schedule__empty">{t('selfNothingWaiting')}</p>;
      links = toStudies;
  }
  return (
    <div className="self-schedule__outcome" data-view={view.view}>
      <h1 id="self-schedule-title" className="schedule__title" tabIndex={-1} ref={heading}>
        {title}
      </h1>
      {body}
      <div className="schedule__actions self-schedule__actions">{links}</div>
    </div>
  );
}
