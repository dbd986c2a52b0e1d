import { DEMO } from '../harness.ts';
import type { AuthzModule } from './index.ts';

const PASSWORD = 'intranet123';
/** A 1x1 PNG: a real image for the photo upload. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const photoForm = () => {
  const form = new FormData();
  form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'foto.png');
  return form;
};

/**
 * Session, recovery, profile and policy calls. Recovery and login are public; the session,
 * profile and policy calls work for any signed-in user, even before the policy is accepted
 * (decisions "Identity and access"). Payloads are chosen so that a call changes nothing another
 * entry depends on (a password "changed" to itself, the demo contact data written back).
 */
const auth: AuthzModule = {
  module: 'auth',
  entries: [
    {
      method: 'POST',
      url: '/api/login',
      as: null,
      payload: { username: DEMO.suporteTi, password: PASSWORD },
      expect: 200,
    },
    {
      method: 'POST',
      url: '/api/login',
      as: DEMO.admin,
      payload: { username: DEMO.suporteTi, password: PASSWORD },
      expect: 200,
    },

    { method: 'POST', url: '/api/sendCode', as: null, payload: { registration: DEMO.juridico }, expect: 200 },
    {
      method: 'POST',
      url: '/api/sendCode',
      as: DEMO.admin,
      payload: { registration: DEMO.juridico },
      expect: 200,
    },
    // No code was sent to 1009: the public call is reached and refuses the code itself.
    {
      method: 'POST',
      url: '/api/checkCode',
      as: null,
      payload: { registration: DEMO.gestorMultas, code: '000000' },
      expect: 400,
    },
    {
      method: 'POST',
      url: '/api/checkCode',
      as: DEMO.admin,
      payload: { registration: DEMO.gestorMultas, code: '000000' },
      expect: 400,
    },
    {
      method: 'PUT',
      url: '/api/updatepassword',
      as: null,
      payload: { registration: DEMO.gestorMultas, password: 'outraSenha1' },
      expect: 400,
    },
    {
      method: 'PUT',
      url: '/api/updatepassword',
      as: DEMO.admin,
      payload: { registration: DEMO.gestorMultas, password: 'outraSenha1' },
      expect: 400,
    },

    { method: 'GET', url: '/api/check-auth', as: null, expect: 401 },
    { method: 'GET', url: '/api/check-auth', as: DEMO.colaborador, expect: 200 },
    { method: 'GET', url: '/api/check-auth', as: DEMO.admin, expect: 200 },
    { method: 'GET', url: '/api/get-sessionData', as: null, expect: 401 },
    { method: 'GET', url: '/api/get-sessionData', as: DEMO.colaborador, expect: 200 },
    { method: 'GET', url: '/api/get-sessionData', as: DEMO.gestorCompras, expect: 200 },
    { method: 'GET', url: '/api/me', as: null, expect: 401 },
    { method: 'GET', url: '/api/me', as: DEMO.colaborador, expect: 200 },
    { method: 'GET', url: '/api/me', as: DEMO.analistaRh, expect: 200 },
    { method: 'GET', url: '/api/logout', as: null, expect: 401 },
    { method: 'GET', url: '/api/logout', as: DEMO.colaborador, expect: 200, freshSession: true },
    { method: 'GET', url: '/api/logout', as: DEMO.diretor, expect: 200, freshSession: true },
    { method: 'POST', url: '/api/logout/everywhere', as: null, expect: 401 },
    {
      method: 'POST',
      url: '/api/logout/everywhere',
      as: DEMO.colaborador,
      expect: 200,
      freshSession: true,
      note: 'ends every session of the caller: the matrix signs him in again afterwards',
    },

    { method: 'GET', url: '/api/checkpassword', query: { password: PASSWORD }, as: null, expect: 401 },
    {
      method: 'GET',
      url: '/api/checkpassword',
      query: { password: PASSWORD },
      as: DEMO.colaborador,
      expect: 200,
    },
    {
      method: 'GET',
      url: '/api/checkpassword',
      query: { password: PASSWORD },
      as: DEMO.presidente,
      expect: 200,
    },
    {
      method: 'PUT',
      url: '/api/me/password',
      as: null,
      payload: { oldPassword: PASSWORD, newPassword: PASSWORD },
      expect: 401,
    },
    {
      method: 'PUT',
      url: '/api/me/password',
      as: DEMO.colaborador,
      payload: { oldPassword: PASSWORD, newPassword: PASSWORD },
      expect: 200,
      freshSession: true,
    },
    {
      method: 'PUT',
      url: '/api/me/password',
      as: DEMO.suporteTi,
      payload: { oldPassword: PASSWORD, newPassword: PASSWORD },
      expect: 200,
      freshSession: true,
    },
    {
      method: 'PUT',
      url: '/api/me',
      as: null,
      payload: { email: 'x@rotasul.com.br', tell: null },
      expect: 401,
    },
    {
      method: 'PUT',
      url: '/api/me',
      as: DEMO.colaborador,
      payload: { email: 'joao.silva@rotasul.com.br', tell: '11965432109' },
      expect: 200,
    },
    {
      method: 'PUT',
      url: '/api/me',
      as: DEMO.juridico,
      payload: { email: 'luiz.teixeira@rotasul.com.br', tell: '11910987654' },
      expect: 200,
    },
    { method: 'GET', url: '/api/getPictureProfile', as: null, expect: 401 },
    { method: 'GET', url: '/api/getPictureProfile', as: DEMO.colaborador, expect: 200 },
    { method: 'GET', url: '/api/getPictureProfile', as: DEMO.gestorMultas, expect: 200 },
    { method: 'POST', url: '/api/changePictureProfile', as: null, payload: photoForm, expect: 401 },
    {
      method: 'POST',
      url: '/api/changePictureProfile',
      as: DEMO.colaborador,
      payload: photoForm,
      expect: 200,
    },
    {
      method: 'POST',
      url: '/api/changePictureProfile',
      as: DEMO.analistaRh,
      payload: photoForm,
      expect: 200,
    },

    { method: 'GET', url: '/api/policy', as: null, expect: 401 },
    { method: 'GET', url: '/api/policy', as: DEMO.colaborador, expect: 200 },
    { method: 'GET', url: '/api/policy', as: DEMO.admin, expect: 200 },
    { method: 'PUT', url: '/api/users/policy', as: null, payload: { policyAccepted: 1 }, expect: 401 },
    // Accepting again is harmless; 1003's own acceptance is tested in auth.policy.test.ts (it
    // would change what the other entries of 1003 answer).
    {
      method: 'PUT',
      url: '/api/users/policy',
      as: DEMO.juridico,
      payload: { policyAccepted: 1 },
      expect: 200,
    },
  ],
};

export default auth;
