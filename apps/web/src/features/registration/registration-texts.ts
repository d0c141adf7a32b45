import type { Language } from '@testerhub/shared/account-messages';
import type { ProfileField } from './registration-draft';

/**
 * Labels and static texts of the registration steps (a label for each field of step 2 among
 * them); validation messages come from the shared catalogue.
 */
export interface RegistrationTexts extends Record<ProfileField, string> {
  pageTitle: string;
  existingPageTitle: string;
  heading: string;
  existingHeading: string;
  existingIntro: string;
  stepOf: (step: number, total: number) => string;
  stepNames: { account: string; profile: string; detail: string };
  languageGroup: string;
  passwordAgain: string;
  username: string;
  usernameHint: string;
  email: string;
  password: string;
  passwordHint: string;
  confirmPassword: string;
  statePlaceholder: string;
  gender: string;
  genderPlaceholder: string;
  genders: { M: string; F: string };
  race: string;
  racePlaceholder: string;
  howHeard: string;
  howHeardPlaceholder: string;
  howDetail: string;
  other: string;
  birthDate: string;
  year: string;
  month: string;
  day: string;
  yearPlaceholder: string;
  monthPlaceholder: string;
  dayPlaceholder: string;
  months: readonly string[];
  termsBefore: string;
  termsLink: string;
  termsAfter: string;
  next: string;
  back: string;
  complete: string;
  working: string;
  checking: string;
  haveAccount: string;
  login: string;
  successTitle: string;
  failureTitle: string;
  contactIntro: string;
  contactEmail: string;
  contactText: string;
  close: string;
  backToAccount: string;
}

const en: RegistrationTexts = {
  pageTitle: 'Register',
  existingPageTitle: 'Complete your account',
  heading: 'Become a tester',
  existingHeading: 'Complete your online account',
  existingIntro: 'We already know you as a tester. Choose a username and a password to finish setting up your online account.',
  stepOf: (step, total) => `Step ${step} of ${total}`,
  stepNames: { account: 'Your account', profile: 'Where you live', detail: 'About you' },
  languageGroup: 'Language',
  passwordAgain: 'For your security we do not keep your password when the page is reloaded. Please enter it again.',
  username: 'Username',
  usernameHint: '8 to 20 characters, no spaces.',
  email: 'E-mail address',
  password: 'Password',
  passwordHint: '8 to 20 characters with a digit, a lowercase letter, an uppercase letter and a special character.',
  confirmPassword: 'Confirm password',
  firstName: 'First name',
  lastName: 'Last name',
  zipCode: 'Zip code',
  address: 'Street address',
  city: 'City',
  state: 'State',
  statePlaceholder: 'Choose a state',
  gender: 'Gender',
  genderPlaceholder: 'Choose',
  genders: { M: 'Male', F: 'Female' },
  race: 'Race / ethnicity',
  racePlaceholder: 'Choose',
  howHeard: 'How did you hear about us?',
  howHeardPlaceholder: 'Choose',
  howDetail: 'Where did you hear about us?',
  other: 'Other',
  birthDate: 'Date of birth',
  year: 'Year',
  month: 'Month',
  day: 'Day',
  yearPlaceholder: 'Year',
  monthPlaceholder: 'Month',
  dayPlaceholder: 'Day',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  termsBefore: 'I have read and accept the ',
  termsLink: 'community terms and conditions',
  termsAfter: '.',
  next: 'Next',
  back: 'Back',
  complete: 'Complete',
  working: 'Please wait…',
  checking: 'Checking…',
  haveAccount: 'Already a tester?',
  login: 'Log in',
  successTitle: 'Thank you!',
  failureTitle: 'We could not complete your registration',
  contactIntro: 'Tester Services can help:',
  contactEmail: 'E-mail',
  contactText: 'Text or call',
  close: 'Close',
  backToAccount: 'Change username or e-mail',
};

const es: RegistrationTexts = {
  pageTitle: 'Registro',
  existingPageTitle: 'Complete su cuenta',
  heading: 'Hágase probador',
  existingHeading: 'Complete su cuenta en línea',
  existingIntro: 'Ya lo conocemos como probador. Elija un nombre de usuario y una contraseña para terminar de crear su cuenta en línea.',
  stepOf: (step, total) => `Paso ${step} de ${total}`,
  stepNames: { account: 'Su cuenta', profile: 'Dónde vive', detail: 'Sobre usted' },
  languageGroup: 'Idioma',
  passwordAgain: 'Por su seguridad no guardamos su contraseña al recargar la página. Por favor ingrésela de nuevo.',
  username: 'Nombre de usuario',
  usernameHint: 'De 8 a 20 caracteres, sin espacios.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  passwordHint: 'De 8 a 20 caracteres con un número, una letra minúscula, una letra mayúscula y un carácter especial.',
  confirmPassword: 'Confirme la contraseña',
  firstName: 'Nombre',
  lastName: 'Apellido',
  zipCode: 'Código postal',
  address: 'Dirección',
  city: 'Ciudad',
  state: 'Estado',
  statePlaceholder: 'Elija un estado',
  gender: 'Género',
  genderPlaceholder: 'Elija',
  genders: { M: 'Masculino', F: 'Femenino' },
  race: 'Raza / origen étnico',
  racePlaceholder: 'Elija',
  howHeard: '¿Cómo se enteró de nosotros?',
  howHeardPlaceholder: 'Elija',
  howDetail: '¿Dónde se enteró de nosotros?',
  other: 'Otro',
  birthDate: 'Fecha de nacimiento',
  year: 'Año',
  month: 'Mes',
  day: 'Día',
  yearPlaceholder: 'Año',
  monthPlaceholder: 'Mes',
  dayPlaceholder: 'Día',
  months: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  termsBefore: 'He leído y acepto los ',
  termsLink: 'términos y condiciones de la comunidad',
  termsAfter: '.',
  next: 'Siguiente',
  back: 'Atrás',
  complete: 'Completar',
  working: 'Espere por favor…',
  checking: 'Verificando…',
  haveAccount: '¿Ya es probador?',
  login: 'Iniciar sesión',
  successTitle: '¡Gracias!',
  failureTitle: 'No pudimos completar su registro',
  contactIntro: 'Servicios al Probador puede ayudarle:',
  contactEmail: 'Correo electrónico',
  contactText: 'Mensaje de texto o llamada',
  close: 'Cerrar',
  backToAccount: 'Cambiar usuario o correo',
};

export const REGISTRATION_TEXTS: Record<Language, RegistrationTexts> = { en, es };
