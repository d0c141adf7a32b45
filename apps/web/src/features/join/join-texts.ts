import type { Language } from '@testerhub/shared/account-messages';
import { COMPANY } from '@testerhub/shared/company';
import { NEW_TESTER_DRAWING } from '@testerhub/shared/marketing';

/** Labels and static texts of /community/join/attention; validation messages come from the shared catalogue. */
export interface JoinTexts {
  pageTitle: string;
  languageGroup: string;
  heading: string;
  intro: string;
  returningHeading: string;
  returningIntro: string;
  code: string;
  codeHint: string;
  continue: string;
  working: string;
  engagedHeading: string;
  engagedText: string;
  engagedAction: string;
  useAnotherCode: string;
  newHeading: string;
  claims: readonly string[];
  shortFormHeading: string;
  shortFormIntro: string;
  firstName: string;
  lastName: string;
  email: string;
  saveAndContinue: string;
  oneAccountHeading: string;
  oneAccountText: string;
  register: string;
  haveAccount: string;
  login: string;
}

// The prize text is English ('$50 gift card'); the Spanish sentence reuses only its amount.
const prizeAmount = /\$\d+/.exec(NEW_TESTER_DRAWING.prize)?.[0] ?? '';

const en: JoinTexts = {
  pageTitle: 'Join',
  languageGroup: 'Language',
  heading: `Welcome to ${COMPANY.communityName}`,
  intro: `Join the ${COMPANY.name} tester community: try new products, share your opinion and get paid for your time.`,
  returningHeading: 'Already a tester with us?',
  returningIntro: 'Enter the registration code from our letter or e-mail and your phone number to set up your online account.',
  code: 'Registration code',
  codeHint: '6 or 7 digits.',
  continue: 'Check my code',
  working: 'Please wait…',
  engagedHeading: 'We found you!',
  engagedText: 'Your tester record is ready. Choose a username and a password to finish your online account.',
  engagedAction: 'Complete my account',
  useAnotherCode: 'Use a different code',
  newHeading: 'New here? Get paid to test products',
  claims: [
    `Testing products since ${COMPANY.foundedYear}`,
    `Over ${COMPANY.testerCount} testers in our community`,
    'Earn up to $50 an hour',
    `First-time registrants are entered in a drawing to win a ${NEW_TESTER_DRAWING.prize}`,
    'Referral bonuses when your friends join',
    'A welcome gift of coins when you register',
  ],
  shortFormHeading: 'Start with the basics',
  shortFormIntro: 'Tell us who you are and we will fill in the first part of your registration.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail address',
  saveAndContinue: 'Save and continue',
  oneAccountHeading: 'One account per person',
  oneAccountText:
    'Each person may have only one tester account; duplicate accounts are closed and their coins forfeited. People in the same household may each have their own account.',
  register: 'Register',
  haveAccount: 'Already have an account?',
  login: 'Log in',
};

const es: JoinTexts = {
  pageTitle: 'Únase',
  languageGroup: 'Idioma',
  heading: `Bienvenido a ${COMPANY.communityName}`,
  intro: `Únase a la comunidad de probadores de ${COMPANY.name}: pruebe productos nuevos, dé su opinión y reciba un pago por su tiempo.`,
  returningHeading: '¿Ya es probador con nosotros?',
  returningIntro:
    'Ingrese el código de registro de nuestra carta o correo electrónico y su número de teléfono para crear su cuenta en línea.',
  code: 'Código de registro',
  codeHint: '6 o 7 dígitos.',
  continue: 'Verificar mi código',
  working: 'Espere por favor…',
  engagedHeading: '¡Lo encontramos!',
  engagedText: 'Su registro de probador está listo. Elija un nombre de usuario y una contraseña para terminar su cuenta en línea.',
  engagedAction: 'Completar mi cuenta',
  useAnotherCode: 'Usar otro código',
  newHeading: '¿Es nuevo? Reciba un pago por probar productos',
  claims: [
    `Probando productos desde ${COMPANY.foundedYear}`,
    `Más de ${COMPANY.testerCount} probadores en nuestra comunidad`,
    'Gane hasta $50 por hora',
    `Quienes se registran por primera vez participan en un sorteo de una tarjeta de regalo${prizeAmount ? ` de ${prizeAmount}` : ''}`,
    'Bonos por referir a sus amigos',
    'Un regalo de bienvenida en monedas al registrarse',
  ],
  shortFormHeading: 'Empiece con lo básico',
  shortFormIntro: 'Díganos quién es y completaremos la primera parte de su registro.',
  firstName: 'Nombre',
  lastName: 'Apellido',
  email: 'Correo electrónico',
  saveAndContinue: 'Guardar y continuar',
  oneAccountHeading: 'Una cuenta por persona',
  oneAccountText:
    'Cada persona puede tener solo una cuenta de probador; las cuentas duplicadas se cierran y sus monedas se pierden. Las personas del mismo hogar pueden tener cada una su propia cuenta.',
  register: 'Registrarse',
  haveAccount: '¿Ya tiene una cuenta?',
  login: 'Iniciar sesión',
};

export const JOIN_TEXTS: Record<Language, JoinTexts> = { en, es };
