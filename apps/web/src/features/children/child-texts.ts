import en from '@testerhub/shared/locales/en/children.json';
import messagesEn from '@testerhub/shared/locales/en/messages-children.json';
import { textsFor } from '../../lib/texts';

/** The child popups, the form and the confirmation link's notices in the tester's language (locales/<language>/children.json). */
export const useChildTexts = textsFor(en, () => import('@testerhub/shared/locales/es/children.json'));

export type ChildTranslate = ReturnType<typeof useChildTexts>;

/**
 * The refusals' texts (locales/<language>/messages-children.json): the server sends them in the
 * tester's language; the popup falls back on them when an answer carries none.
 */
export const useChildMessageTexts = textsFor(messagesEn, () => import('@testerhub/shared/locales/es/messages-children.json'));

export type ChildMessageTranslate = ReturnType<typeof useChildMessageTexts>;
