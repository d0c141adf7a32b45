/**
 * A status word of the API ('failed', 'notConfirmed', 'failedLogin') as a readable popup
 * title ('Failed', 'Not confirmed', 'Failed login'): the entry popups show the status with
 * the message (spec 2, sections 4 and 8).
 */
export function statusTitle(status: string): string {
  const words = status
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Something went wrong';
}
