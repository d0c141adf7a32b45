import { Link } from 'react-router';
import { COMPANY } from '@testerhub/shared/company';
import { formatDate } from '@testerhub/shared/schedule-format';
import type { Language } from '@testerhub/shared/i18n';
import { useLanguage } from '../../hooks/use-entry-language';
import { usePortalPagesTexts } from './portal-pages-texts';

type Translate = ReturnType<typeof usePortalPagesTexts>;

/** The notice's text (decision 046): why, until when, and what it means. */
export function suspensionText(suspendedUntil: string, t: Translate, language: Language): string {
  return t('suspended', { date: formatDate(suspendedUntil, COMPANY.timeZone, language) });
}

/** What SuspensionNotice (./suspension-notice) shows a suspended tester. */
export function SuspensionNoticeBody({ suspendedUntil }: { suspendedUntil: string }) {
  const t = usePortalPagesTexts();
  const language = useLanguage();
  return (
    <aside className="suspension-notice" aria-label={t('suspendedLabel')}>
      <p>{suspensionText(suspendedUntil, t, language)}</p>
      <p>
        {t('suspendedSeeBefore')} <Link to="/popup/rules">{t('suspendedRules')}</Link>
        {t('suspendedCall', { phone: COMPANY.supportPhone })}
      </p>
    </aside>
  );
}
