/**
 * What a page loads over the wire, counted by Chromium itself through the DevTools protocol: every
 * request's bytes on the wire (`Network.loadingFinished` encodedDataLength: headers + body as
 * transferred, so compressed when the server compressed it), its decoded size, its resource type and
 * whether the HTTP cache answered it.
 */
import type { CDPSession, Page } from '@playwright/test';
import { sleep } from './processes.ts';

export interface Transfer {
  url: string;
  type: string;
  status: number;
  encoding: string;
  fromCache: boolean;
  /** Bytes on the wire, headers included. */
  wireBytes: number;
  /** The body after decompression. */
  bodyBytes: number;
}

/** Network conditions as Chrome DevTools' presets define them (bytes/s and ms of round trip). */
export interface Throttle {
  name: string;
  downloadThroughput: number;
  uploadThroughput: number;
  latency: number;
}

/** DevTools' "3G" (formerly "Slow 3G") and "Slow 4G" presets (devtools-frontend NetworkManager). */
export const SLOW_3G: Throttle = {
  name: 'slow 3G (400 kbit/s, 2 s RTT)',
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
  latency: 400 * 5,
};
export const SLOW_4G: Throttle = {
  name: 'slow 4G (1.44 Mbit/s, 563 ms RTT)',
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
  latency: 150 * 3.75,
};

/**
 * Lighthouse's mobile profile, applied as the page's own network conditions (issue 37): 1.6 Mbit/s
 * down, 750 kbit/s up, 150 ms round trips; its CPU is slowed 4× (`slowCpu`).
 */
export const LIGHTHOUSE_MOBILE: Throttle = {
  name: 'Lighthouse mobile (1.6 Mbit/s, 150 ms RTT)',
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
  latency: 150,
};

interface Pending {
  url: string;
  type: string;
  status: number;
  encoding: string;
  fromCache: boolean;
  bodyBytes: number;
}

/** Records the traffic of one page from the moment it is attached; `take()` answers it and starts over. */
export class PageTraffic {
  private pending = new Map<string, Pending>();
  private done: Transfer[] = [];
  private lastActivity = Date.now();

  private constructor(readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<PageTraffic> {
    const cdp = await page.context().newCDPSession(page);
    const traffic = new PageTraffic(cdp);
    cdp.on('Network.requestWillBeSent', (e) => {
      traffic.touch();
      traffic.pending.set(e.requestId, {
        url: e.request.url,
        type: e.type ?? 'Other',
        status: 0,
        encoding: '',
        fromCache: false,
        bodyBytes: 0,
      });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const p = traffic.pending.get(e.requestId);
      if (p) p.fromCache = true;
    });
    cdp.on('Network.responseReceived', (e) => {
      traffic.touch();
      const p = traffic.pending.get(e.requestId);
      if (!p) return;
      p.type = e.type;
      p.status = e.response.status;
      p.fromCache ||= Boolean(e.response.fromDiskCache);
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
      );
      p.encoding = headers['content-encoding'] ?? '';
    });
    cdp.on('Network.dataReceived', (e) => {
      traffic.touch();
      const p = traffic.pending.get(e.requestId);
      if (p) p.bodyBytes += e.dataLength;
    });
    cdp.on('Network.loadingFinished', (e) => traffic.finish(e.requestId, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => traffic.finish(e.requestId, 0));
    await cdp.send('Network.enable');
    return traffic;
  }

  private touch(): void {
    this.lastActivity = Date.now();
  }

  private finish(requestId: string, wireBytes: number): void {
    this.touch();
    const p = this.pending.get(requestId);
    if (!p) return;
    this.pending.delete(requestId);
    this.done.push({ ...p, wireBytes: p.fromCache ? 0 : wireBytes });
  }

  /** Resolves once no request has been in flight and nothing has moved for `quietMs`. */
  async idle(quietMs = 700, timeoutMs = 180_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.pending.size === 0 && Date.now() - this.lastActivity >= quietMs) return;
      await sleep(50);
    }
    throw new Error(`the page kept loading: ${[...this.pending.values()].map((p) => p.url).join(', ')}`);
  }

  take(): Transfer[] {
    const out = this.done;
    this.done = [];
    return out;
  }

  /** Slows the page's CPU `rate` times (1: full speed), as Lighthouse's mobile profile does (4). */
  async slowCpu(rate: number): Promise<void> {
    await this.cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }

  async throttle(conditions: Throttle | null): Promise<void> {
    await this.cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      downloadThroughput: conditions?.downloadThroughput ?? -1,
      uploadThroughput: conditions?.uploadThroughput ?? -1,
      latency: conditions?.latency ?? 0,
    });
  }
}

/** The resource groups a traffic summary splits into. */
export const GROUPS = ['html', 'js', 'css', 'font', 'image', 'api', 'other'] as const;
export type Group = (typeof GROUPS)[number];

export function groupOf(t: Transfer): Group {
  const path = new URL(t.url).pathname;
  if (t.type === 'Document') return 'html';
  if (t.type === 'Script') return 'js';
  if (t.type === 'Stylesheet') return 'css';
  if (t.type === 'Font') return 'font';
  if (t.type === 'Image') return 'image';
  if (path.startsWith('/api/')) return 'api';
  return 'other';
}

export interface TrafficSummary {
  requests: number;
  fromCache: number;
  wireBytes: number;
  bodyBytes: number;
  byGroup: Record<Group, number>;
}

export function summarise(transfers: Transfer[]): TrafficSummary {
  const byGroup = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<Group, number>;
  for (const t of transfers) byGroup[groupOf(t)] += t.wireBytes;
  return {
    requests: transfers.length,
    fromCache: transfers.filter((t) => t.fromCache).length,
    wireBytes: transfers.reduce((sum, t) => sum + t.wireBytes, 0),
    bodyBytes: transfers.reduce((sum, t) => sum + t.bodyBytes, 0),
    byGroup,
  };
}
