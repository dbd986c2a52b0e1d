import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers, with a Content-Security-Policy the built web app satisfies (no inline scripts).
 * HSTS only when the site is served over HTTPS (COOKIE_SECURE): on plain HTTP it would lock
 * browsers out of a site that has no certificate.
 *
 * helmet's middleware is built once: @fastify/helmet built it again on every request (every
 * header's function, the CSP's directives parsed), a tenth of a list page's CPU
 * (decision 0012).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean },
): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Answers carry personal data: no browser or proxy keeps them, unless a route chose its own
  // caching (files, the web app's assets).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
