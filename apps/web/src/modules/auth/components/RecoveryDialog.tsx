import { checkCodeBody, LIMITS, MSG, resetPasswordForm, sendCodeBody } from '@intranet/contracts';
import { Anchor, Button, Group, PasswordInput, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconKey, IconMailForward, IconShieldLock } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useCheckCode, useSendCode, useUpdatePassword } from '../auth.api.ts';
import { CodeInput, type CodeInputHandle } from './CodeInput.tsx';
import classes from './RecoveryDialog.module.css';

const STEP_LABELS = ['Identificação', 'Verificação', 'Redefinição'] as const;

interface RecoveryDialogProps {
  opened: boolean;
  onClose(): void;
  /** What the user already typed in the login form, to start from. */
  initialRegistration?: string;
  /**
   * The code was already e-mailed (an imported user's "crie sua senha" link, decision 0117): the
   * dialog opens at the code, for `initialRegistration`.
   */
  codeSent?: boolean;
}

/** "Esqueci a senha": matrícula, then the e-mailed code, then the new password (spec §4). */
export function RecoveryDialog({
  opened,
  onClose,
  initialRegistration = '',
  codeSent = false,
}: RecoveryDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title="Recuperar senha"
      centered
      size={500}
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* The flow lives inside the modal body, which unmounts on close: reopening starts afresh. */}
      <RecoveryFlow onDone={onClose} initialRegistration={initialRegistration} codeSent={codeSent} />
    </Dialog>
  );
}

/** "Etapa 2 de 3: Verificação", on phones, where the stepper shows only its icons. */
function StepCaption({ step }: { step: number }) {
  return (
    <Text hiddenFrom="xs" size="xs" fw={700} c="brand.9" tt="uppercase" lts={0.5}>
      Etapa {step + 1} de {STEP_LABELS.length}: {STEP_LABELS[step]}
    </Text>
  );
}

const emptyCode = () => Array.from({ length: LIMITS.recoveryCodeLength }, () => '');

function RecoveryFlow({
  onDone,
  initialRegistration,
  codeSent,
}: {
  onDone(): void;
  initialRegistration: string;
  codeSent: boolean;
}) {
  const [step, setStep] = useState(codeSent ? 1 : 0);
  const who = useContractForm(sendCodeBody, { initialValues: { registration: initialRegistration } });
  const passwords = useContractForm(resetPasswordForm, {
    initialValues: { password: '', confirmPassword: '' },
  });
  const [registration, setRegistration] = useState(initialRegistration);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(emptyCode);
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeRef = useRef<CodeInputHandle>(null);

  const sendCode = useSendCode();
  const checkCode = useCheckCode();
  const updatePassword = useUpdatePassword();

  const requestCode = (body: { registration: string }, onSent: () => void) =>
    sendCode.mutate(body, {
      onSuccess: (res) => {
        setRegistration(body.registration);
        setEmail(res.email);
        onSent();
      },
    });

  const submitRegistration = who.onSubmit((body) => requestCode(body, () => setStep(1)));

  const resendCode = () => {
    setCode(emptyCode());
    requestCode({ registration }, () => {
      notifications.show({ color: 'blue', message: 'Enviamos um novo código para o seu e-mail.' });
      codeRef.current?.focus(0);
    });
  };

  // The code boxes hold one digit each: the joined code is checked by the contracts schema.
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = checkCodeBody.safeParse({ registration, code: code.join('') });
    setCodeError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    checkCode.mutate(parsed.data, {
      onSuccess: () => setStep(2),
      onError: () => {
        setCode(emptyCode());
        codeRef.current?.focus(0);
      },
    });
  };

  const submitPassword = passwords.onSubmit(
    ({ password }) => updatePassword.mutate({ registration, password }, { onSuccess: onDone }),
    (errors) => {
      if (errors.confirmPassword === MSG.passwordsDontMatch) {
        notifications.show({ color: 'red', message: MSG.passwordsDontMatch });
      }
    },
  );

  return (
    <Stepper
      active={step}
      size="sm"
      iconSize={32}
      allowNextStepsSelect={false}
      color="brand.9"
      classNames={{ stepBody: classes.stepBody }}
    >
      <Stepper.Step
        label={STEP_LABELS[0]}
        aria-label={STEP_LABELS[0]}
        icon={<IconShieldLock size={16} />}
        completedIcon={<IconCheck size={16} />}
      >
        <form onSubmit={submitRegistration} noValidate>
          <Stack gap="md" mt="md">
            <StepCaption step={step} />
            <Text size="sm" c="dimmed">
              Informe sua matrícula. Enviaremos um código de verificação para o e-mail cadastrado.
            </Text>
            <TextInput
              label="Matrícula"
              name="registration"
              {...who.getInputProps('registration')}
              maxLength={LIMITS.loginUserMax}
              autoComplete="username"
              required
              data-autofocus
            />
            <Button type="submit" loading={sendCode.isPending} color="brand.9" fullWidth>
              Enviar código
            </Button>
          </Stack>
        </form>
      </Stepper.Step>

      <Stepper.Step
        label={STEP_LABELS[1]}
        aria-label={STEP_LABELS[1]}
        icon={<IconMailForward size={16} />}
        completedIcon={<IconCheck size={16} />}
      >
        <form onSubmit={submitCode} noValidate>
          <Stack gap="md" mt="md">
            <StepCaption step={step} />
            <Text size="sm" role="status">
              {email ? (
                <>
                  Código enviado para <strong>{email}</strong>
                </>
              ) : (
                `Digite o código que você recebeu por e-mail para a matrícula ${registration}.`
              )}
            </Text>
            <CodeInput
              ref={codeRef}
              label="Código de verificação"
              description={`Digite os ${LIMITS.recoveryCodeLength} dígitos recebidos por e-mail.`}
              value={code}
              onChange={setCode}
              error={codeError}
              autoFocus
            />
            <Button type="submit" loading={checkCode.isPending} color="brand.9" fullWidth>
              Verificar código
            </Button>
            <Group justify="space-between" gap="xs">
              <Anchor component="button" type="button" size="sm" onClick={() => setStep(0)}>
                Voltar
              </Anchor>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={resendCode}
                disabled={sendCode.isPending}
              >
                Reenviar código
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Stepper.Step>

      <Stepper.Step
        label={STEP_LABELS[2]}
        aria-label={STEP_LABELS[2]}
        icon={<IconKey size={16} />}
        completedIcon={<IconCheck size={16} />}
      >
        <form onSubmit={submitPassword} noValidate>
          <Stack gap="md" mt="md">
            <StepCaption step={step} />
            <Text size="sm" c="dimmed">
              Crie uma nova senha com pelo menos {LIMITS.passwordMin} caracteres.
            </Text>
            <PasswordInput
              label="Nova senha"
              name="password"
              {...passwords.getInputProps('password')}
              autoComplete="new-password"
              required
              autoFocus
            />
            <PasswordInput
              label="Confirmar senha"
              name="confirmPassword"
              {...passwords.getInputProps('confirmPassword')}
              autoComplete="new-password"
              required
            />
            <Button type="submit" loading={updatePassword.isPending} color="brand.9" fullWidth>
              Redefinir senha
            </Button>
          </Stack>
        </form>
      </Stepper.Step>
    </Stepper>
  );
}
