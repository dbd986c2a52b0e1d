import {
  PENDENCIAS_CHANGED_EVENT,
  PENDENCIAS_END_EVENT,
  PENDENCIAS_HEARTBEAT_SECONDS,
  PENDENCIAS_STREAMS_PER_USER,
  type PendenciasActor,
  pendenciasEventConcerns,
  toDateOnly,
} from '@intranet/contracts';
import type { FastifyReply } from 'fastify';
import type { LiveEvents, LiveMessage } from '../../platform/live-events.ts';

/** One open stream (a browser tab): whose it is, and how to tell it, keep it or close it. */
interface Stream {
  actor: PendenciasActor;
  sessionId: number | null;
  /** Tells the tab its pendências changed (coalesced: one event per burst). */
  changed(): void;
  /** A comment line (keeps the connection open, shows nothing), or the given last words. */
  ping(chunk?: string): void;
  end(): void;
}

/** A burst of writes (an import, a chain of steps) tells a tab once, after this quiet time. */
const COALESCE_MS = 150;

const CHANGED = `event: ${PENDENCIAS_CHANGED_EVENT}\ndata: {}\n\n`;

/**
 * The streams of Minhas pendências open in this process (decision 0118): per person at most
 * PENDENCIAS_STREAMS_PER_USER, each told of the events that concern him
 * (pendencias.policy.ts#pendenciasEventConcerns, the inbox's own rule), with a comment every
 * PENDENCIAS_HEARTBEAT_SECONDS so proxies and the idle timeout keep the connection; a stream whose
 * session ended (logout, expiry, a disabled user) is closed at the next heartbeat.
 */
export class PendenciasStreams {
  private readonly byUser = new Map<number, Set<Stream>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private subscribed: Promise<() => void> | undefined;

  constructor(
    private readonly live: LiveEvents,
    private readonly stillSignedIn: (sessionId: number) => Promise<boolean>,
  ) {}

  /** Listens to the live events from the first stream on (a process nobody watches from never listens). */
  ready(): Promise<unknown> {
    this.subscribed ??= this.live.subscribe((message) => this.hear(message));
    return this.subscribed;
  }

  /** Streams open in this process. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Whether the person may open one more stream here. */
  hasRoom(userId: number): boolean {
    return (this.byUser.get(userId)?.size ?? 0) < PENDENCIAS_STREAMS_PER_USER;
  }

  /** Hears a live message: each stream it concerns is told. */
  hear(message: LiveMessage): void {
    if (message.topic !== 'pendencias') return;
    for (const stream of this.all()) {
      if (pendenciasEventConcerns(stream.actor, message.event)) stream.changed();
    }
  }

  /**
   * Answers the request as an event stream (already authorised): the headers, a first event so the
   * tab fetches its state, then events until the client goes or the app closes. Never compressed:
   * the route has no JSON reply (platform/compression.ts), and each event is written at once.
   */
  open(reply: FastifyReply, actor: PendenciasActor, sessionId: number | null): void {
    const res = reply.raw;
    let coalescing: NodeJS.Timeout | undefined;
    let ended = false;
    const set = this.byUser.get(actor.userId) ?? new Set<Stream>();
    this.byUser.set(actor.userId, set);
    const send = (chunk: string) => {
      if (!ended) res.write(chunk);
    };
    const stream: Stream = {
      actor,
      sessionId,
      changed: () => {
        if (coalescing) return;
        coalescing = setTimeout(() => {
          coalescing = undefined;
          send(CHANGED);
        }, COALESCE_MS);
      },
      ping: (chunk = ': ping\n\n') => send(chunk),
      end: () => {
        if (ended) return;
        ended = true;
        clearTimeout(coalescing);
        set.delete(stream);
        if (set.size === 0) this.byUser.delete(actor.userId);
        if (this.size === 0) this.stopHeartbeat();
        res.end();
      },
    };
    set.add(stream);
    reply.hijack();
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies such as nginx would otherwise hold the events in their buffers.
      'x-accel-buffering': 'no',
    });
    // `retry`: how long the browser waits before reconnecting after a drop.
    send(`retry: 3000\n${CHANGED}`);
    res.on('close', stream.end);
    this.startHeartbeat();
  }

  /** Ends every stream and stops listening (the app is closing). */
  async closeAll(): Promise<void> {
    for (const stream of this.all()) stream.end();
    this.stopHeartbeat();
    (await this.subscribed)?.();
  }

  private all(): Stream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), PENDENCIAS_HEARTBEAT_SECONDS * 1000);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async beat(): Promise<void> {
    const today = toDateOnly(new Date());
    for (const stream of this.all()) {
      const alive =
        stream.sessionId === null || (await this.stillSignedIn(stream.sessionId).catch(() => true));
      if (!alive) {
        stream.ping(`event: ${PENDENCIAS_END_EVENT}\ndata: {}\n\n`);
        stream.end();
        continue;
      }
      // Fines and invitations wait by the date: a stream open past midnight reads the new day.
      if (stream.actor.today !== today) stream.actor = { ...stream.actor, today };
      stream.ping();
    }
  }
}
