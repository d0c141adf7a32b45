import { describe, expect, it } from 'vitest';
import { AD_ENTRY_CODES, IE_USER_MESSAGE, isOldInternetExplorer, noWinnersYetText } from './marketing.ts';

describe('isOldInternetExplorer (spec 1, 2.7)', () => {
  it.each([
    ['Internet Explorer 10', 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)'],
    ['Internet Explorer 9', 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)'],
    ['Internet Explorer 11 (Trident/7)', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko'],
  ])('recognises %s', (_name, userAgent) => {
    expect(isOldInternetExplorer(userAgent)).toBe(true);
  });

  it.each([
    ['Chrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36'],
    [
      'Edge (Chromium)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0',
    ],
    ['Firefox', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0'],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    ],
    ['no user agent', undefined],
    ['an empty user agent', ''],
  ])('lets %s through', (_name, userAgent) => {
    expect(isOldInternetExplorer(userAgent)).toBe(false);
  });
});

describe('texts and codes of spec 1', () => {
  it('has the exact unsupported-browser message (2.7)', () => {
    expect(IE_USER_MESSAGE).toBe("We don't support any of old IE version. Please use Chrome, FireFox, or others");
  });

  it('has the exact no-winners text (section 8)', () => {
    expect(noWinnersYetText(2026)).toBe('Come back later as we start to select the winners for 2026');
  });

  it('has the ad types of 2.6', () => {
    expect(AD_ENTRY_CODES).toEqual({ gp: '2E', card: '3T', tw: '2G', yp: '3F', fb: '2A' });
  });
});
