import { useEffect, useRef, useState } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { readCookie, writeCookie } from '../../lib/cookies';
import { shownFailure } from '../../lib/query-status';
import { useAccountSettingsTexts } from './account-settings-texts';
import { useChangeContactSetting } from './api/change-contact-setting';
import { fetchSmsContactSetting } from './api/get-sms-contact-setting';

/** How many times the prompt was offered (spec 3, section 9: only while below 3). */
export const OPT_IN_COUNT_COOKIE = 'optInCount';
export const OPT_IN_PROMPT_LIMIT = 3;
/** The wait after the login bonus before the text setting is read (spec 2, "Login bonus at entry"). */
export const OPT_IN_PROMPT_DELAY_MS = 2000;

type Shown = 'waiting' | 'offer' | 'saved' | 'failed';

/**
 * The SMS opt-in prompt after the daily bonus (spec 2, "Login bonus at entry"; spec 3, "Opt-in";
 * decision 033): while the optInCount cookie is below 3, it waits 2 seconds, reads
 * GetSMSContactSetting and, when texts are off, offers to turn them on; each offer counts.
 */
export function SmsOptInPrompt({ onDone }: { onDone: () => void }) {
  const [shown, setShown] = useState<Shown>('waiting');
  const change = useChangeContactSetting();
  const t = useAccountSettingsTexts();
  // The latest onDone: a new function from the parent must not restart the 2-second wait.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const done = () => onDoneRef.current();
    if (Number(readCookie(OPT_IN_COUNT_COOKIE) ?? 0) >= OPT_IN_PROMPT_LIMIT) return done();
    let cancelled = false;
    const timer = setTimeout(() => {
      fetchSmsContactSetting()
        .then((answer) => {
          if (cancelled) return;
          if (answer.smsSetting) return done();
          writeCookie(OPT_IN_COUNT_COOKIE, String(Number(readCookie(OPT_IN_COUNT_COOKIE) ?? 0) + 1), 365);
          setShown('offer');
        })
        // The prompt is an offer: a failed read just skips it.
        .catch(() => !cancelled && done());
    }, OPT_IN_PROMPT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  if (shown === 'waiting') return null;
  if (shown === 'saved') {
    return (
      <ModalDialog title={t('smsSavedTitle')} onClose={onDone}>
        <p>{t('smsSaved')}</p>
      </ModalDialog>
    );
  }
  const turnOn = () =>
    change.mutate(
      { contactType: 'NoText', isTurnOn: true },
      { onSuccess: () => setShown('saved'), onError: (error) => shownFailure(error) && setShown('failed') },
    );
  return (
    <ModalDialog
      title={t('smsTitle')}
      onClose={onDone}
      closeLabel={t('smsNotNow')}
      actions={
        <button type="button" className="button button--primary" onClick={turnOn} disabled={change.isPending}>
          {t('smsTurnOn')}
        </button>
      }
    >
      <p>{t('smsOffer')}</p>
      {shown === 'failed' && <p role="alert">{t('smsFailed')}</p>}
    </ModalDialog>
  );
}
