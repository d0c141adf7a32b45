import { useEffect, useRef, useState } from 'react';
import { CONTACT_TOGGLE_LOCK_MS, CONTACT_TYPES, type ContactType } from '@testerhub/shared/account-settings-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { RetryAlert } from '../../components/retry-alert';
import { shownFailure, viewStatus } from '../../lib/query-status';
import { useAccountSettingsTexts } from './account-settings-texts';
import { useChangeContactSetting } from './api/change-contact-setting';
import { useContactSetting } from './api/get-contact-setting';
import './account-settings.css';

type Choices = Record<ContactType, boolean>;

/** Each channel's name and note in the texts (NoText reads as "Text", as the spec labels it). */
const CHANNEL_TEXTS = {
  Phone: { label: 'optInPhone', note: 'optInPhoneNote' },
  NoText: { label: 'optInText', note: 'optInTextNote' },
  Email: { label: 'optInEmail', note: 'optInEmailNote' },
} as const satisfies Record<ContactType, object>;

/**
 * The optIn popup (spec 3, "Opt-in" and "Contact toggle"; decision 035): a switch per channel,
 * flipped at once on screen, posted, then every switch is locked for 1 second. Text (the NoText
 * type) is disabled while it is off. Exported for the daily login bonus, which opens it after the
 * SMS prompt check (GetSMSContactSetting, ./api/get-sms-contact-setting).
 */
export function OptInPopup({ onClose }: { onClose: () => void }) {
  const settings = useContactSetting();
  const status = viewStatus(settings);
  const change = useChangeContactSetting();
  const t = useAccountSettingsTexts();
  const [choices, setChoices] = useState<Choices | null>(null);
  const [locked, setLocked] = useState(false);
  const [failed, setFailed] = useState(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The server's choices until the tester flips one; from then on what the tester sees.
  const stored = settings.data && (Object.fromEntries(settings.data.contactTypes.map((s) => [s.contactType, s.isTurnOn])) as Choices);
  const shown = choices ?? stored;
  useEffect(() => () => clearTimeout(unlockTimer.current), []);

  const isDisabled = (contactType: ContactType) => locked || (contactType === 'NoText' && shown?.NoText === false);

  const toggle = (contactType: ContactType) => {
    if (!shown || isDisabled(contactType)) return;
    const isTurnOn = !shown[contactType];
    setChoices({ ...shown, [contactType]: isTurnOn });
    setFailed(false);
    setLocked(true);
    unlockTimer.current = setTimeout(() => setLocked(false), CONTACT_TOGGLE_LOCK_MS);
    change.mutate(
      { contactType, isTurnOn },
      {
        onError: (error) => {
          // Back to what the server holds (the reads are asked again).
          setChoices(null);
          if (shownFailure(error)) setFailed(true);
        },
      },
    );
  };

  return (
    <ModalDialog title={t('optInTitle')} onClose={onClose}>
      {status === 'pending' && <p role="status">{t('optInLoading')}</p>}
      {status === 'error' && (
        <RetryAlert className="account-settings__alert" text={t('optInLoadFailed')} onRetry={() => void settings.refetch()} />
      )}
      {shown && (
        <>
          <p className="opt-in__note">{t('optInNote')}</p>
          <ul className="opt-in__list">
            {CONTACT_TYPES.map((contactType) => {
              const labelId = `opt-in-${contactType}`;
              const on = shown[contactType];
              return (
                <li key={contactType} className="opt-in__row">
                  <span>
                    <span id={labelId}>{t(CHANNEL_TEXTS[contactType].label)}</span>
                    <br />
                    <small>{t(CHANNEL_TEXTS[contactType].note)}</small>
                  </span>
                  <button
                    type="button"
                    role="switch"
                    className="opt-in__switch"
                    aria-labelledby={labelId}
                    aria-checked={on}
                    // Text stays off once off (spec: NoText is disabled when off); every switch waits out the lock.
                    // aria-disabled rather than disabled: the switch keeps the keyboard focus meanwhile.
                    aria-disabled={isDisabled(contactType)}
                    onClick={() => toggle(contactType)}
                  />
                </li>
              );
            })}
          </ul>
          {failed && (
            <p className="form-field__error" role="alert">
              {t('optInFailed')}
            </p>
          )}
        </>
      )}
    </ModalDialog>
  );
}
