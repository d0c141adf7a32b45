import { COMPANY } from '@testerhub/shared/company';

/**
 * The child popups' own words (titles, buttons, labels). The spec's texts and statuses come from
 * CHILD_TEXTS and CHILD_FLOW_TEXTS in packages/shared (decision 030).
 */
export const CHILD_POPUP_TEXTS = {
  chooseTitle: 'Choose your child',
  teenChooseTitle: 'Choose your teen',
  registerTitle: 'Register your child',
  listView: 'My children',
  formView: 'Register a child',
  viewsLabel: 'Show',
  chooseLegend: 'Choose a child',
  select: 'Select',
  selecting: 'Starting…',
  notFoundTitle: 'Register your child?',
  yes: 'Yes',
  no: 'No',
  registeredTitle: 'Child registered',
  backToList: 'Back to my children',
  alreadyTitle: 'Already registered',
  tooManyTitle: 'Child limit reached',
  loading: 'Looking up your children…',
  lookupFailedTitle: 'Something went wrong',
  tryAgain: 'Try again',
  unavailableTitle: 'Study not available',
  checkEmailPointer: 'Please update your e-mail address under My Account, Change Contact Info, then try again.',
  ignoreTitle: 'Screener Failed - 101',
  notQualifiedTitle: 'Not qualified',
  screenerFailed: 'Screener Failed',
  kidsTitle: 'Your kids',
  noKids: 'You have not registered a child yet.',
  expires: 'registration expires',
  /** The contact line under a code (spec 3, section 8: Tester Services' phone, e-mail and hours). */
  contact: `Tester Services: ${COMPANY.supportPhone}, ${COMPANY.supportEmail}.`,
} as const;

/** The child form's labels and choices (spec 3, sections 3 and 5). */
export const CHILD_FORM_TEXTS = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone number',
  phoneHint: '10 digits, including the area code.',
  race: 'Race',
  gender: 'Gender',
  genders: { M: 'Male', F: 'Female' },
  choose: 'Choose',
  birthDate: 'Date of birth',
  year: 'Year',
  month: 'Month',
  day: 'Day',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  register: 'Register',
  /** Beside Register while it is disabled. */
  registerNeeds: 'Fill in every field to register.',
  registering: 'Registering…',
} as const;
