import { useState } from 'react';
import type { Language } from '@testerhub/shared/i18n';
import { LanguageToggle } from '../../components/language-toggle';
import { setLanguage, useLanguage } from '../../hooks/use-entry-language';
import { shownFailure } from '../../lib/query-status';
import { useAccountSettingsTexts } from './account-settings-texts';
import { useChangeLanguage } from './api/change-language';
import './account-settings.css';

interface LanguageSettingProps {
  /** Runs once the server holds the new language (app/ refreshes the tester info with it). */
  onChanged?: (language: Language) => void;
}

/**
 * The tester's language (issue 28, "Spanish, end to end"; decision 114): English / Español, stored
 * with ChangeLanguage, then the whole tab switches at once (setLanguage) with no reload. The
 * confirmation reads in the language just chosen; a failure keeps the language the tester had.
 */
export function LanguageSetting({ onChanged }: LanguageSettingProps) {
  const t = useAccountSettingsTexts();
  const language = useLanguage();
  const change = useChangeLanguage();
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  const choose = (next: Language) => {
    if (next === language || change.isPending) return;
    setOutcome(null);
    change.mutate(
      { language: next },
      {
        onSuccess: (answer) => {
          if (answer.status !== 'succeed') return setOutcome('failed');
          setLanguage(answer.language);
          onChanged?.(answer.language);
          setOutcome('saved');
        },
        onError: (error) => {
          if (shownFailure(error)) setOutcome('failed');
        },
      },
    );
  };

  return (
    <div className="language-setting">
      <h3 className="language-setting__title">{t('languageLabel')}</h3>
      <p className="language-setting__note">{t('languageNote')}</p>
      <LanguageToggle language={language} onChange={choose} groupLabel={t('languageGroup')} />
      <p role="status" className="language-setting__status">
        {outcome === 'saved' && t('languageSaved')}
      </p>
      {outcome === 'failed' && (
        <p role="alert" className="account-settings__alert">
          {t('languageFailed')}
        </p>
      )}
    </div>
  );
}
