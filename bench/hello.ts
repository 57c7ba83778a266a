// The yardstick: a bare Fastify hello-world, run in its own process like the shop.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
// Started by the bench with an IPC channel: when the bench is gone, so is the yardstick.
process.once('disconnect', () => process.exit(0));
