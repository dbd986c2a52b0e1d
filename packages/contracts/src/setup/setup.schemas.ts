import { z } from 'zod';
import '../zod-locale.ts';
import { isValidCpf } from '../cpf.ts';
import { MSG } from '../messages.ts';
import { registrationFields } from '../users/users.schemas.ts';

export const SETUP_MSG = {
  notFound: 'Este link de configuração não vale mais: ele já foi usado ou expirou.',
  done: 'Administrador cadastrado. Entre com a sua matrícula e a senha.',
  cpfRequired: 'Informe o CPF.',
  cpfInvalid: 'CPF inválido.',
  emailRequired: 'Informe o e-mail.',
} as const;

/** The set-up link's token (43 characters of base64url): any other text is a link that does not hold (404). */
export const setupParams = z.object({ token: z.string().max(200, { error: SETUP_MSG.notFound }) });

const requiredCpf = registrationFields.cpf
  .pipe(z.string({ error: SETUP_MSG.cpfRequired }))
  .refine(isValidCpf, { error: SETUP_MSG.cpfInvalid });

const requiredEmail = registrationFields.email.pipe(z.string({ error: SETUP_MSG.emailRequired }));

/**
 * An administrator made without a signed-in administrator: the first one, by the set-up link, or
 * any by `npm run admin -- create`. Same rules as the registration form (users.schemas.ts), with the
 * CPF and the e-mail required: the e-mail is how a forgotten password comes back.
 */
export const administratorBody = z.object({
  matricula: registrationFields.matricula,
  nome: registrationFields.nome,
  cpf: requiredCpf,
  email: requiredEmail,
  senha: registrationFields.senha,
});
export type AdministratorBody = z.output<typeof administratorBody>;
export type AdministratorInput = z.input<typeof administratorBody>;

/** The set-up page: the body plus the password typed again. */
export const administratorForm = administratorBody
  .extend({ confirmSenha: z.string() })
  .refine((v) => v.senha === v.confirmSenha, {
    path: ['confirmSenha'],
    error: MSG.userPasswordsDontMatch,
    when: (p) => typeof p.value === 'object' && p.value !== null,
  })
  .transform(({ confirmSenha: _c, ...v }) => v);
export type AdministratorFormInput = z.input<typeof administratorForm>;

/** A new password typed for an administrator at the terminal (`npm run admin -- reset-password`). */
export const administratorPassword = registrationFields.senha;
