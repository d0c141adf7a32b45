import type { Language } from '@testerhub/shared/account-messages';
import './language-toggle.css';

interface LanguageToggleProps {
  language: Language;
  onChange: (language: Language) => void;
  groupLabel: string;
}

/** English / Español as two pressed/unpressed buttons, each named in its own language so either reader finds it. */
export function LanguageToggle({ language, onChange, groupLabel }: LanguageToggleProps) {
  return (
    <div className="language-toggle" role="group" aria-label={groupLabel}>
      <button type="button" lang="en" className="language-toggle__option" aria-pressed={language === 'en'} onClick={() => onChange('en')}>
        English
      </button>
      <button type="button" lang="es" className="language-toggle__option" aria-pressed={language === 'es'} onClick={() => onChange('es')}>
        Español
      </button>
    </div>
  );
}
