import { COMPANY } from '@testerhub/shared/company';

/** Footer of the login page: how to reach Tester Services (spec 2, section 2). */
export function SupportFooter() {
  return (
    <>
      <p>
        Need help? Call Tester Services at <a href={`tel:${COMPANY.supportPhone.replace(/[^\d+]/g, '')}`}>{COMPANY.supportPhone}</a>.
      </p>
      <p>We are available {COMPANY.supportHours}.</p>
    </>
  );
}
