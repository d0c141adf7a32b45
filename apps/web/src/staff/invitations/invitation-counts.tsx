import type { InvitationCounts, InvitationSummary } from '@testerhub/shared/invitation-schemas';
import { namedCode, PROJECT_TYPE_TEXTS } from '@testerhub/shared/staff-words';
import { companyMoment } from '../shell/company-clock';

/** A sending has no test site: its times are on the company's clock with the zone named (decisions 139 and 145), never the browser's. */
export const when = companyMoment;

export const COUNT_LABELS: [keyof InvitationCounts, string][] = [
  ['matched', 'Matched'],
  ['queued', 'Queued'],
  ['sent', 'Sent'],
  ['skipped', 'Skipped'],
  ['clicked', 'Clicked'],
  ['answered', 'Answered'],
];

/** A sending's counts: matched by the filters, queued (invited), sent, skipped (e-mail turned off), clicked, answered (screened or booked). */
export function CountsList({ counts }: { counts: InvitationCounts }) {
  return (
    <dl className="staff-facts staff-counts" data-testid="invitation-counts">
      {COUNT_LABELS.map(([key, label]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-count={key}>{counts[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A sending's filters in words: "ages 18 to any; sites 00001; 2 About-me answers; …". */
export function filtersText(filters: InvitationSummary['filters']) {
  const parts: string[] = [];
  if (filters.minAge !== null || filters.maxAge !== null) parts.push(`ages ${filters.minAge ?? 'any'} to ${filters.maxAge ?? 'any'}`);
  parts.push(filters.siteIds.length > 0 ? `sites ${filters.siteIds.join(', ')}` : 'every site');
  if (filters.answerIds.length > 0)
    parts.push(`${filters.answerIds.length} About-me ${filters.answerIds.length === 1 ? 'answer' : 'answers'}`);
  if (filters.notTestedMonths !== null) parts.push(`not tested in the last ${filters.notTestedMonths} months`);
  const tookPart = [
    ...(filters.excludeStudyNos.length > 0
      ? [`${filters.excludeStudyNos.length === 1 ? 'study' : 'studies'} ${filters.excludeStudyNos.join(', ')}`]
      : []),
    ...filters.excludeProjectTypes.map((projectType) => `any ${namedCode(PROJECT_TYPE_TEXTS, projectType)}`),
  ];
  if (tookPart.length > 0)
    parts.push(
      `leaving out who took part in ${tookPart.join(' or ')}${filters.excludeWithinMonths === null ? '' : ` in the last ${filters.excludeWithinMonths} months`}`,
    );
  return parts.join('; ');
}
