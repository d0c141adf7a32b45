import { Link, useOutletContext } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import type { StaffOutletContext } from './staff-shell';
import { holdsRole } from '@testerhub/shared/staff-schemas';
import { roleNames } from '../accounts/staff-roles';
import { StudyPicker } from '../sessions/study-picker';

/** The console's home: who is logged in, their roles, and the sections those roles open. */
export function StaffHomePage() {
  usePageTitle('Staff console');
  const { me } = useOutletContext<StaffOutletContext>();
  return (
    <>
      <h1>Hello, {me.name}</h1>
      <dl className="staff-facts">
        <dt>Signed in as</dt>
        <dd>{me.email}</dd>
        <dt>Roles</dt>
        <dd data-testid="staff-roles">{roleNames(me.roles)}</dd>
        {me.siteIds.length > 0 && (
          <>
            <dt>Sites</dt>
            <dd>{me.siteIds.join(', ')}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to="/staff/dashboard">Dashboard</Link>: today’s sessions at each site with their check-ins, the studies filling, and sign-ups
        and no-shows by week.
      </p>
      {(holdsRole(me.roles, 'recruiter') || holdsRole(me.roles, 'site-staff')) && (
        <p>
          <Link to="/staff/calendar">Calendar</Link>: the sessions of a day or a week at each site, with seats taken and free and check-ins,
          and the list of the day to print or download.
        </p>
      )}
      {holdsRole(me.roles, 'recruiter') && (
        <section aria-labelledby="recruiting-sections">
          <h2 id="recruiting-sections">Recruiting</h2>
          <ul className="staff-sections">
            <li>
              <Link to="/staff/studies">Studies</Link>: create and edit studies and their screeners, preview a screener, open and close.
            </li>
            <li>
              <Link to="/staff/invitations">Invitations</Link>: choose testers by age, site, About-me answers and when they last tested,
              count them, and e-mail them an invitation to a study.
            </li>
            <li>
              <Link to="/staff/testers">Testers</Link>: find a tester, see their bookings, screeners, children, coins and referrals, adjust
              coins, set the blackList, lift a suspension, and answer privacy requests.
            </li>
            <li>
              <Link to="/staff/children">Children to confirm</Link>: call parents to confirm children registered online.
            </li>
            <li>
              <Link to="/staff/referrals">Referrals</Link>: follow referred friends up and set Bad Number, Outreach, Paid or Closed.
            </li>
          </ul>
        </section>
      )}
      {holdsRole(me.roles, 'site-staff') && (
        <p>
          <Link to="/staff/check-in">Check-in</Link>: scan testers’ QR codes or find them by name, and mark them attended.
        </p>
      )}
      {holdsRole(me.roles, 'admin') && (
        <section aria-labelledby="admin-sections">
          <h2 id="admin-sections">Administration</h2>
          <ul className="staff-sections">
            <li>
              <Link to="/staff/admin/staff">Staff accounts</Link>: invite people, change their roles, disable accounts.
            </li>
            <li>
              <Link to="/staff/admin/audit">Audit log</Link>: every change made in the console, by whom and when.
            </li>
          </ul>
        </section>
      )}
      {holdsRole(me.roles, 'recruiter') && <StudyPicker />}
      {holdsRole(me.roles, 'rewards') && (
        <section aria-labelledby="rewards-sections">
          <h2 id="rewards-sections">Rewards</h2>
          <ul className="staff-sections">
            <li>
              <Link to="/staff/rewards/orders">Orders</Link>: fulfil testers’ redemption orders with a gift code, or reject them and return
              the coins.
            </li>
            <li>
              <Link to="/staff/rewards/catalogue">Reward catalogue</Link>: add, edit, retire and restore the rewards testers redeem.
            </li>
          </ul>
        </section>
      )}
      {holdsRole(me.roles, 'content') && (
        <section aria-labelledby="content-sections">
          <h2 id="content-sections">Content</h2>
          <ul className="staff-sections">
            <li>
              <Link to="/staff/content/faqs">FAQs</Link>: add, edit, hide and reorder the public FAQ page’s questions.
            </li>
            <li>
              <Link to="/staff/content/terms">Terms of Use</Link>: publish a new version, which testers are asked to accept at their next
              visit.
            </li>
            <li>
              <Link to="/staff/content/winners">Winners</Link>: add, edit, hide and remove the public winners pages’ entries.
            </li>
            <li>
              <Link to="/staff/content/sites">Test sites</Link>: edit a site’s name, address, phones, airport directions, ZIP prefixes, maps
              page and place in the list; add or remove a site.
            </li>
            <li>
              <Link to="/staff/content/referral-events">Referral event texts</Link>: each month’s special-offer lines on the referral pages.
            </li>
            <li>
              <Link to="/staff/content/callouts">Call-outs</Link>: add, edit and switch off the announcements of the portal’s call-out
              popup.
            </li>
            <li>
              <Link to="/staff/content/legal">Legal texts</Link>: publish a new version of a legal page’s text, or return it to the built-in
              text.
            </li>
            <li>
              <Link to="/staff/settings/loyalty">Loyalty settings</Link>: the daily calendar, the wheel’s cost, spins and odds, the weekly
              drawing and its day, the levels, the perks and the profile pictures.
            </li>
          </ul>
        </section>
      )}
    </>
  );
}
