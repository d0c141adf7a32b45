import { describe, expect, it } from 'vitest';
import { bilingual } from '@testerhub/shared/i18n';
import en from '@testerhub/shared/locales/en/messages-http.json';
import es from '@testerhub/shared/locales/es/messages-http.json';
import { useTestApp } from '../../../test/test-app.ts';

/**
 * The error handler's own messages in the request's language (issue 28, "Spanish, end to end";
 * decision 131): a Spanish page (its Accept-Language) reads an unreadable body, a server fault and a
 * database away in Spanish; English, or no header, reads them word for word as before.
 */

const testApp = useTestApp({
  extraApiRoutes: (api) => {
    api.get('/test/fault', async () => {
      throw new Error('a fault of ours');
    });
    api.get('/test/database-away', async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    });
  },
});
const texts = bilingual(en, es);
const SPANISH = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' };
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' };

const post = (payload: string, headers: Record<string, string>, contentType = 'application/json') =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/account/IsInfoExist',
    payload,
    headers: { 'content-type': contentType, ...headers },
  });

describe('the error handler speaks the request language', () => {
  it('an unreadable body (not JSON, empty, another media type): Spanish for a Spanish page', async () => {
    const notJson = await post('{"username":', SPANISH);
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ message: 'El contenido de la solicitud no es JSON válido.', field: 'body' });
    expect((await post('', SPANISH)).json().message).toBe(texts('es')('emptyJsonBody'));
    const wrongType = await post('username=a', SPANISH, 'application/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toBe('Envíe el contenido de la solicitud como application/json.');
  });

  it('an unreadable body in English, with or without the header, word for word as before', async () => {
    for (const headers of [ENGLISH, {}]) {
      expect((await post('{"username":', headers)).json().message).toBe('The request body is not valid JSON.');
      expect((await post('', headers)).json().message).toBe('The request body is empty but JSON was declared.');
      expect((await post('username=a', headers, 'application/xml')).json().message).toBe('Send the request body as application/json.');
    }
  });

  it('a server fault (500) and a database away (503) in the page language', async () => {
    const fault = (headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url: '/api/test/fault', headers });
    expect((await fault(SPANISH)).json()).toMatchObject({
      statusCode: 500,
      message: 'Algo salió mal de nuestro lado. Por favor inténtelo de nuevo más tarde.',
    });
    expect((await fault(ENGLISH)).json().message).toBe('Something went wrong on our side. Please try again later.');

    const away = (headers: Record<string, string>) => testApp.app.inject({ method: 'GET', url: '/api/test/database-away', headers });
    const spanish = await away(SPANISH);
    expect(spanish.statusCode).toBe(503);
    expect(spanish.json().message).toBe(texts('es')('databaseAway'));
    expect((await away({})).json().message).toBe('The service is briefly unavailable. Please try again in a few seconds.');
  });
});
