/**
 * The balancer of `npm run bench:soak`: a plain HTTP proxy on PORT that sends each request to the
 * next server of UPSTREAMS (comma-separated base URLs) in turn — round robin per request, not per
 * connection, so one browser's calls land on every server as they would behind nginx or HAProxy
 * without sticky sessions. Bodies and replies are streamed; keep-alive connections to each server.
 */
import http from 'node:http';

const port = Number(process.env.PORT ?? 0);
const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .filter(Boolean)
  .map((base) => new URL(base));
if (upstreams.length === 0) throw new Error('UPSTREAMS: no server to balance');

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let next = 0;

const server = http.createServer((req, res) => {
  const target = upstreams[next++ % upstreams.length]!;
  const upstream = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`balancer: ${target.host}: ${err.message}`);
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 65_000;

const close = () => server.close(() => process.exit(0));
process.once('SIGTERM', close);
process.once('SIGINT', close);

server.listen(port, '127.0.0.1');
