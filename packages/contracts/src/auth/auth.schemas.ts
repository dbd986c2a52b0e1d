import { z } from 'zod';
import '../zod-locale.ts';
import { screensSchema } from '../home/screens.ts';
import { bodyId, queryId } from '../ids.ts';
import { LIMITS } from '../limits.ts';
import { MSG } from '../messages.ts';
import { SECTOR_ROLES } from '../roles.ts';

/** A string field that is trimmed and must not be empty. */
export const requiredText = (message: string, max: number = LIMITS.textMax) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` });

export const password = z
  .string({ error: MSG.loginPasswordRequired })
  .min(1, { error: MSG.loginPasswordRequired })
  .max(LIMITS.passwordMax, { error: `A senha deve ter no máximo ${LIMITS.passwordMax} caracteres.` });

export const newPassword = z
  .string({ error: MSG.passwordTooShort })
  .min(LIMITS.passwordMin, { error: MSG.passwordTooShort })
  .max(LIMITS.passwordMax, { error: `A senha deve ter no máximo ${LIMITS.passwordMax} caracteres.` });

/** Matrícula or CPF (digits), as typed in the login and recovery forms. */
export const userIdentifier = z
  .string({ error: MSG.loginUserRequired })
  .trim()
  .min(1, { error: MSG.loginUserRequired })
  .max(LIMITS.loginUserMax, { error: MSG.loginUserTooLong });

export const loginBody = z.object({ username: userIdentifier, password });
export type LoginBody = z.infer<typeof loginBody>;
export const loginReply = z.object({ success: z.literal(true), token: z.string() });

export const checkAuthReply = z.object({ success: z.literal(true), support: z.number() });

/** The session fields; no CPF: nothing on the screens needs it (LGPD, issue 9). */
export const sessionUser = z.object({
  userId: z.number(),
  userName: z.string(),
  privilegio: z.number(),
  matricula: z.string(),
  /** The user's sectors with the workflow role each plays (decision 0114): policies ask for the role. */
  setor: z.array(z.object({ sector: z.string(), role: z.enum(SECTOR_ROLES).nullable() })),
  mainSector: z.string().nullable(),
  suport: z.number(),
  admin: z.number(),
  filial: z.string(),
  policyAccepted: z.number(),
  pictureProfile: z.string().nullable(),
  email: z.string().nullable(),
  tell: z.string().nullable(),
  filiais: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

/**
 * GET get-sessionData: the session fields and the screens the user may open, decided by the
 * policies the screens' calls apply (home/screens.policy.ts), for the menus.
 */
export const sessionData = sessionUser.extend({ screens: screensSchema });
export type SessionData = z.infer<typeof sessionData>;

/** Current-user lookup (spec §7: userId, privilegio, policyAccepted, admin, suport). */
export const currentUserReply = z.object({
  userId: z.number(),
  privilegio: z.number(),
  policyAccepted: z.number(),
  admin: z.number(),
  suport: z.number(),
});

export const successReply = z.object({ success: z.literal(true), message: z.string().optional() });

export const pictureProfileReply = z.array(z.object({ foto: z.string().nullable() }));
export const changePictureReply = z.object({
  success: z.literal(true),
  foto: z.string(),
  message: z.string(),
});

const registration = userIdentifier;
const code = z.string({ error: MSG.recoveryCodeFormat }).regex(/^\d{6}$/, { error: MSG.recoveryCodeFormat });

export const sendCodeBody = z.object({ registration });
export const sendCodeReply = z.object({ email: z.string() });
export const checkCodeBody = z.object({ registration, code });
export const updatePasswordBody = z.object({ registration, password: newPassword });

export const checkPasswordQuery = z.object({
  password,
  userId: queryId().optional(),
});

export const policyBody = z.object({
  userId: bodyId().optional(),
  policyAccepted: z.literal(1, { error: MSG.policyAcceptError }),
});

export const changeOwnPasswordBody = z.object({
  oldPassword: password,
  newPassword,
});

export const policyInfoReply = z.object({
  version: z.string(),
  versionLabel: z.string(),
  itEmail: z.string(),
});

export const errorReply = z.object({ error: z.string() });
export const loginErrorReply = z.object({ success: z.literal(false), error: z.string() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `O campo deve ter no máximo ${max} caracteres.` })
    .transform((v) => (v === '' ? null : v))
    .nullable();

export const updateOwnContactBody = z.object({
  email: optionalText(255).refine((v) => v === null || z.email().safeParse(v).success, {
    error: 'Informe um e-mail válido.',
  }),
  tell: optionalText(20),
});

/** Runs the match check even when another field already failed, so both errors show at once. */
const whenBothTyped = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** Web form of recovery step 3: the new password typed twice (spec §5). */
export const resetPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MSG.passwordsDontMatch,
    ...whenBothTyped,
  });

/** Web form of the own password change: the body plus the confirmation (spec §5). */
export const changeOwnPasswordForm = changeOwnPasswordBody
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: MSG.passwordsDontMatch,
    ...whenBothTyped,
  });
