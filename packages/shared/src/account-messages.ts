/** Texts of the entry flows (spec 2, sections 5 and 8) in English and Spanish; every registration message has both. */

export type Language = 'en' | 'es';

const CATALOGUE = {
  required: { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  usernameTooShort: { en: 'Username must contain at least 8 characters.', es: 'El nombre de usuario debe tener al menos 8 caracteres.' },
  usernameTooLong: { en: 'Username must contain at most 20 characters.', es: 'El nombre de usuario debe tener como máximo 20 caracteres.' },
  usernameSpaces: { en: 'Username cannot contain spaces.', es: 'El nombre de usuario no puede contener espacios.' },
  usernameTaken: {
    en: 'Username is already taken. Please choose another name.',
    es: 'Ese nombre de usuario ya está en uso. Por favor elija otro.',
  },
  emailInvalid: { en: 'Please enter a valid email address.', es: 'Por favor ingrese un correo electrónico válido.' },
  emailTaken: {
    en: 'Sorry, this email is already in use. Please choose another one.',
    es: 'Lo sentimos, este correo electrónico ya está en uso. Por favor elija otro.',
  },
  emailTooLong: {
    en: 'Email address must contain at most 50 characters.',
    es: 'El correo electrónico debe tener como máximo 50 caracteres.',
  },
  passwordDigit: { en: 'Password must contain at least one digit.', es: 'La contraseña debe contener al menos un número.' },
  passwordLowercase: {
    en: 'Password must contain at least one lowercase letter.',
    es: 'La contraseña debe contener al menos una letra minúscula.',
  },
  passwordUppercase: {
    en: 'Password must contain at least one uppercase letter.',
    es: 'La contraseña debe contener al menos una letra mayúscula.',
  },
  passwordSpecial: {
    en: 'Password must contain at least one special character.',
    es: 'La contraseña debe contener al menos un carácter especial.',
  },
  passwordTooShort: { en: 'Password must contain at least 8 characters.', es: 'La contraseña debe tener al menos 8 caracteres.' },
  passwordTooLong: { en: 'Password must contain at most 20 characters.', es: 'La contraseña debe tener como máximo 20 caracteres.' },
  passwordMismatch: {
    en: 'Passwords do not match. Please ensure they are identical.',
    es: 'Las contraseñas no coinciden. Asegúrese de que sean idénticas.',
  },
  zipInvalid: { en: 'Please enter a 5-digit zip code.', es: 'Por favor ingrese un código postal de 5 dígitos.' },
  zipTooFar: {
    en: 'Your address is too far from our in-person testing locations. You may still be invited to online-only opportunities.',
    es: 'Su dirección está demasiado lejos de nuestros centros de prueba presenciales. Aún puede recibir invitaciones para oportunidades solo en línea.',
  },
  phoneInvalid: {
    en: 'Please enter a valid phone number with a 10-digit format, including the area code.',
    es: 'Por favor ingrese un número de teléfono válido de 10 dígitos, incluyendo el código de área.',
  },
  nameTooLong: { en: 'Names must contain at most 30 characters.', es: 'Los nombres deben tener como máximo 30 caracteres.' },
  profileNameTooLong: { en: 'Names must contain at most 50 characters.', es: 'Los nombres deben tener como máximo 50 caracteres.' },
  nameCharacters: {
    en: 'Use letters, spaces, hyphens, apostrophes and periods only.',
    es: 'Use solo letras, espacios, guiones, apóstrofos y puntos.',
  },
  textTooLong: { en: 'This text is too long.', es: 'Este texto es demasiado largo.' },
  stateInvalid: { en: 'Please choose a state.', es: 'Por favor elija un estado.' },
  genderInvalid: { en: 'Please choose a gender.', es: 'Por favor elija un género.' },
  raceInvalid: { en: 'Please choose a race.', es: 'Por favor elija una raza.' },
  adInvalid: { en: 'Please tell us how you heard about us.', es: 'Por favor díganos cómo se enteró de nosotros.' },
  adDetailRequired: { en: 'Please tell us where you heard about us.', es: 'Por favor díganos dónde se enteró de nosotros.' },
  birthDateInvalid: { en: 'Please choose a valid date of birth.', es: 'Por favor elija una fecha de nacimiento válida.' },
  birthDateAge: {
    en: 'You must be between 13 and 80 years old to register online.',
    es: 'Debe tener entre 13 y 80 años para registrarse en línea.',
  },
  termsRequired: { en: 'Please accept the terms and conditions.', es: 'Por favor acepte los términos y condiciones.' },
  codeInvalid: { en: 'Please enter valid code', es: 'Por favor ingrese un código válido' },
  reEngagementInvalid: {
    en: 'Invalid code detected. Please review your code for errors.',
    es: 'Código no válido. Por favor revise su código.',
  },
  registrationFailed: {
    en: 'Something went wrong with your information, Can you please try again? or Please contact Tester Services for further assistance...',
    es: 'Algo salió mal con su información. ¿Puede intentarlo de nuevo? O comuníquese con Servicios al Probador para obtener ayuda...',
  },
  registrationSucceeded: {
    en: 'Thank you for registering... Please check your email to confirm your account',
    es: 'Gracias por registrarse... Por favor revise su correo electrónico para confirmar su cuenta',
  },
  birthDateNote: {
    en: "Your date of birth must match your state ID or driver's licence.",
    es: 'Su fecha de nacimiento debe coincidir con su identificación estatal o licencia de conducir.',
  },
  tooManyRequests: {
    en: 'Too many attempts. Please wait a few minutes and try again.',
    es: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.',
  },
  invalidCharacters: {
    en: 'This field contains characters that are not allowed.',
    es: 'Este campo contiene caracteres no permitidos.',
  },
  idInvalid: { en: 'This link is not valid.', es: 'Este enlace no es válido.' },
  networkError: {
    en: 'We could not reach our server. Please check your connection and try again.',
    es: 'No pudimos comunicarnos con nuestro servidor. Revise su conexión e inténtelo de nuevo.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof CATALOGUE;

export function message(key: MessageKey, language: Language = 'en'): string {
  return CATALOGUE[key][language];
}

/** Texts of login, recovery and confirmation (English only in the original). */
export const ENTRY_TEXTS = {
  loginDefault: 'Incorrect username or password.',
  forcedChangeFailure: 'The username or password you entered is incorrect. Please check your credentials and try again.',
  forcedChangeSuccess: 'Password Reset Successful',
  findUsernameFailure: 'Username not found',
  forgotPasswordFailure: 'Oops! Something went wrong with your information. Please try again.',
  forgotPasswordSuccess: 'Please check your email for instructions on resetting your password.',
  resetSuccess: 'Your password has been reset. Click Close to redirect to log in page',
  resetFailure: 'Something went wrong with your link, please select link from your email again...',
  confirmFailure: 'Something went wrong with your link, please select link from your email again or Please contact Tester Services',
  confirmFailureOther: "Oops! It seems there's an issue with the link...",
  clickTrackFailure: 'This link is no longer accessible. Please contact Tester Services...',
  sessionExpired: 'Your session has expired, Please log in again to complete the scheduling process and get your coins and xp.',
  profileFailure: 'Unable to retrieve any information. We apologize for the inconvenience.',
  noScreeners: 'There are no available studies at this time. Please check back later.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  loginUsernameRequired: 'Please enter your username.',
  loginPasswordRequired: 'Please enter your password.',
  notConfirmed: 'Please confirm your e-mail address first: follow the link in the e-mail we sent when you registered.',
  resendConfirmation: 'Send the e-mail again',
  confirmationResent: 'We have sent the confirmation e-mail again. Please check your inbox, and your spam folder too.',
  confirmationResendExpired: 'Please log in again to have the confirmation e-mail sent.',
  alreadyConfirmed: 'Your e-mail address is confirmed. Please log in.',
} as const;
