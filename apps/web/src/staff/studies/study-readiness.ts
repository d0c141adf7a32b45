import type { StaffGroupsResponse } from '@testerhub/shared/session-admin-schemas';
import type { StudyDetail } from '@testerhub/shared/study-admin-schemas';

type Groups = StaffGroupsResponse['groups'];

/**
 * What a study lacks before it can take testers (decision 135), in the words the summary and the
 * warning before opening use. The server opens any saved study (its form already refuses a hosted
 * screener without questions); these are what leave an open study unable to screen, pay or seat
 * testers. `groups` undefined: the session groups are not read yet, so nothing is said of them.
 */
export function missingBeforeTesters(study: StudyDetail, groups: Groups | undefined): string[] {
  const missing: string[] = [];
  if (study.screenerKind === 'hosted' && study.screener.questions.length === 0) missing.push('No screener questions.');
  if (study.screenerKind === 'external' && study.externalReturnSecretEnding === null)
    missing.push('No return secret for the outside screener: testers coming back from it get no coins and cannot schedule.');
  if (groups !== undefined && !groups.some((group) => group.status === 'Open'))
    missing.push('No open session group: testers who qualify have no session to book.');
  if (study.coinValue === 0 && study.scheduleCoins === 0 && study.attendanceCoins === 0)
    missing.push('No coins set: testers earn nothing for screening, scheduling or attending.');
  return missing;
}

/** The open groups' seats for testers and how many are booked: "12 of 40 seats booked in 2 open groups". */
export function seatsText(groups: Groups): string {
  const open = groups.filter((group) => group.status === 'Open');
  if (open.length === 0) return 'No open session group';
  const seats = open.reduce((sum, group) => sum + group.seats, 0);
  const taken = open.reduce((sum, group) => sum + group.taken, 0);
  return `${taken} of ${seats} seats booked in ${open.length} open group${open.length === 1 ? '' : 's'}`;
}
