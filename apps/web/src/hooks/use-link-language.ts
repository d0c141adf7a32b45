import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LANGUAGES, type Language } from '@testerhub/shared/i18n';
import { setLanguage } from './use-entry-language';

const isLanguage = (value: string | null): value is Language => LANGUAGES.includes(value as Language);

/**
 * An e-mailed link opens in a new tab, which knows no language yet: a link the server wrote for a
 * Spanish reader carries `lang=es` (the cancel link, a referral invitation), and the page it opens
 * switches the tab to it. A link without `lang` (every link sent before) leaves the tab as it was.
 */
export function useLinkLanguage(): void {
  const [searchParams] = useSearchParams();
  const linked = searchParams.get('lang');
  useEffect(() => {
    if (isLanguage(linked)) setLanguage(linked);
  }, [linked]);
}
