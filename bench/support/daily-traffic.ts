/**
 * The mixed daily traffic of `npm run bench:soak` (issue 36): what the demo company's people send
 * when they open the intranet — the home's calls (session, banners, notices, the approval count,
 * the bell) and then one or two screens each one uses most — as one sequence every autocannon
 * connection walks in a loop. One visit in seven opens a call with a small image attached (a write
 * to the database and to the storage) and downloads an attachment (a read from the storage).
 * The screens the browser loads (page-traffic.ts) come from the web bundle and a CDN-like cache;
 * this is the API traffic behind them.
 */
import { approvalQueues, hrCalls, LIST_PAGE_SIZE, type MenuUser, purchasesCalls } from '@intranet/contracts';
import { expectJson, signIn } from './servers.ts';

export interface TrafficRequest {
  /** What the request is, for the preflight's message. */
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/**
 * The calls the home page makes for anyone signed in (apps/web/src/modules/home), then the
 * approval counts the person's queues ask for (the same policy the home applies).
 */
const HOME = ['/api/get-sessionData', '/api/attach-banner', '/api/get-infoText', '/api/pendencias/count'];
const approvalCounts = (session: MenuUser) =>
  approvalQueues(session).map(
    (q) => (q.key === 'rh' ? hrCalls.waitingCount : purchasesCalls.waitingCount).path,
  );

const page = `pageSize=${LIST_PAGE_SIZE}`;

/** Each visit: who (a demo matrícula) and the screens' calls after the home. */
const VISITS: { who: string; screens: string[] }[] = [
  { who: '1003', screens: ['/api/calls?scope=mine', '/api/notices'] },
  { who: '1002', screens: [`/api/purchases?scope=received&${page}`, `/api/pendencias?${page}`] },
  { who: '1001', screens: [`/api/calls?scope=open&${page}`, '/api/busca?q=impressora'] },
  { who: '1005', screens: ['/api/apps', '/api/event'] },
  { who: '1006', screens: [`/api/pendencias?${page}`] },
  { who: '1001', screens: [`/api/get-items?selectID=1&${page}`] },
  // The writing visit: its screens are filled in by dailyTraffic (a call opened, an attachment read).
  { who: '1008', screens: [] },
];

/** A 1×1 PNG: the call's attachment (images are checked by their bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** POST /api/insertCall as the web sends it with a file: multipart, the fields then the file. */
async function openCallRequest(authorization: string): Promise<TrafficRequest> {
  const form = new FormData();
  form.append('problem', 'Empilhadeira');
  form.append('descript', 'Vazamento de óleo na empilhadeira 2 (soak).');
  form.append('dep', 'Manutenção');
  form.append('filial', 'Mauá');
  form.append('files', new Blob([PNG], { type: 'image/png' }), 'foto.png');
  const encoded = new Response(form);
  return {
    label: 'POST /api/insertCall (multipart, one image)',
    method: 'POST',
    path: '/api/insertCall',
    headers: { authorization, 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/**
 * Signs the visits' people in through `base` (accepting the usage policy), opens one call with an attachment (whose download
 * the writing visit repeats), and answers the sequence of requests, the home's first in each visit.
 */
export async function dailyTraffic(base: string): Promise<TrafficRequest[]> {
  const sessions = new Map<string, { authorization: string; home: string[] }>();
  for (const { who } of VISITS) {
    if (sessions.has(who)) continue;
    const { authorization } = await signIn(base, who);
    // Some demo people have not accepted the usage policy: done once, as on a first visit.
    await expectJson(
      await fetch(`${base}/api/users/policy`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ policyAccepted: 1 }),
      }),
      `PUT /api/users/policy (${who})`,
    );
    const session = await expectJson(
      await fetch(`${base}/api/get-sessionData`, { headers: { authorization } }),
      `GET /api/get-sessionData (${who})`,
    );
    sessions.set(who, { authorization, home: [...HOME, ...approvalCounts(session as unknown as MenuUser)] });
  }
  const writer = sessions.get('1008')!.authorization;
  const open = await openCallRequest(writer);
  const opened = await expectJson(
    await fetch(`${base}${open.path}`, {
      method: 'POST',
      headers: open.headers,
      body: new Uint8Array(open.body!),
    }),
    open.label,
  );
  const detail = await expectJson(
    await fetch(`${base}/api/getSingleCall?id=${String(opened.id)}`, { headers: { authorization: writer } }),
    'GET /api/getSingleCall',
  );
  const attachment = (detail.attachments as { id: number }[])[0];
  if (!attachment) throw new Error('the call opened for the soak has no attachment');
  const download = `/api/calls/${String(opened.id)}/attachments/${attachment.id}`;
  return VISITS.flatMap(({ who, screens }) => {
    const { authorization, home: homeCalls } = sessions.get(who)!;
    const get = (path: string): TrafficRequest => ({
      label: `GET ${path} (${who})`,
      method: 'GET',
      path,
      headers: { authorization },
    });
    const home = homeCalls.map(get);
    return who === '1008' ? [...home, open, get(download)] : [...home, ...screens.map(get)];
  });
}

/** Sends each distinct request once and throws, naming it, when one does not answer 2xx. */
export async function preflight(base: string, traffic: TrafficRequest[]): Promise<void> {
  const seen = new Set<string>();
  for (const r of traffic) {
    if (seen.has(r.label)) continue;
    seen.add(r.label);
    const res = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body ? new Uint8Array(r.body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${r.label} answered ${res.status}: ${text.slice(0, 300)}`);
  }
}
