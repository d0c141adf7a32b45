/** The reminder shown on the password page and in the portal once changeRecommended (spec 3, section 5). */
export const passwordReminderText = (months: number) =>
  `Your password was last changed more than ${months} months ago. We recommend changing it every ${months} months.`;
