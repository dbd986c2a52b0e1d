/** The text body of a raw .eml as the real mailer wrote it (quoted-printable decoded). */
export function mailBody(eml: string): string {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (!/content-transfer-encoding:\s*quoted-printable/i.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Whether a raw .eml is addressed to `email`. */
export const mailTo = (eml: string, email: string): boolean =>
  new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(eml);
