import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';
import { okReply } from '../http/replies.ts';
import { approverStageBody, approverStageParams, approverStageRow } from './settings.approvers.ts';
import { mailSettingsBody, mailSettingsReply, mailTestReply } from './settings.mail.ts';

/** The company's setup on screens (issue 34; decision 0115): administrators only, every change audited. */
export const settingsCalls = {
  listApprovers: endpoint({
    method: 'GET',
    path: '/api/settings/approvers',
    summary: 'Per approval stage (HR and the purchases director): approver, substitute and his period.',
    reply: z.array(approverStageRow),
  }),
  setApprovers: endpoint({
    method: 'PUT',
    path: '/api/settings/approvers/:role',
    summary: 'Sets who approves a stage, his substitute and the substitute’s period (audited).',
    params: approverStageParams,
    body: approverStageBody,
    reply: okReply,
  }),
  getMail: endpoint({
    method: 'GET',
    path: '/api/settings/mail',
    summary: 'The IT address and the sender (From:) of every e-mail.',
    reply: mailSettingsReply,
  }),
  setMail: endpoint({
    method: 'PUT',
    path: '/api/settings/mail',
    summary: 'Changes the IT address and the sender (audited).',
    body: mailSettingsBody,
    reply: okReply,
  }),
  testMail: endpoint({
    method: 'POST',
    path: '/api/settings/mail/test',
    summary: 'Sends a test e-mail to the administrator’s own address and answers the SMTP server’s reply.',
    reply: mailTestReply,
  }),
};
