import { COMPANY } from '@testerhub/shared/company';
import { aroundSlot, useSignInTexts } from '../../components/sign-in-texts';

/** Footer of the login page: how to reach Tester Services (spec 2, section 2). The hours read as configured. */
export function SupportFooter() {
  const t = useSignInTexts();
  const [before, after] = aroundSlot(t('supportCall'), 'phone');
  return (
    <>
      <p>
        {before}
        <a href={`tel:${COMPANY.supportPhone.replace(/[^\d+]/g, '')}`}>{COMPANY.supportPhone}</a>
        {after}
      </p>
      <p>{t('supportHours', { hours: COMPANY.supportHours })}</p>
    </>
  );
}
